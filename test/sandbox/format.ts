const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
	'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const gsmBasic = new Set(GSM_BASIC);
const gsmExtension = new Set(GSM_EXTENSION);

/** Number of SMS parts: 160 GSM-7 septets (153 per part when split), else 70 UTF-16 units (67 when split). */
export function smsParts(text: string): number {
	let septets = 0;
	let gsm = true;
	for (const char of text) {
		if (gsmBasic.has(char)) septets += 1;
		else if (gsmExtension.has(char)) septets += 2;
		else {
			gsm = false;
			break;
		}
	}
	if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
	return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

/** YYYY-MM-DD HH:MM:SS in UTC */
export function formatDateTime(ms: number): string {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

/** YYYY-MM-DD HH:MM:SS.ffffff in UTC */
export function formatMicroTime(ms: number): string {
	return `${formatDateTime(ms)}.${pad(new Date(ms).getUTCMilliseconds() * 1000, 6)}`;
}

export function unixSeconds(ms: number): number {
	return Math.floor(ms / 1000);
}

function utcFromParts(parts: number[]): number | null {
	const [year, month, day, hour, minute, second] = parts;
	const ms = Date.UTC(year, month - 1, day, hour, minute, second);
	const d = new Date(ms);
	const same =
		d.getUTCFullYear() === year &&
		d.getUTCMonth() === month - 1 &&
		d.getUTCDate() === day &&
		d.getUTCHours() === hour &&
		d.getUTCMinutes() === minute &&
		d.getUTCSeconds() === second;
	return same ? ms : null;
}

/** 'YYYY-MM-DD HH:MM' read as UTC; null when malformed or not a real date */
export function parseMinuteTime(value: string): number | null {
	const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(value);
	return m ? utcFromParts([...m.slice(1, 6).map(Number), 0]) : null;
}

/** 'YYYY-MM-DDTHH:mm:ss' read as UTC; null when malformed or not a real date */
export function parseBatchTime(value: string): number | null {
	const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(value);
	return m ? utcFromParts(m.slice(1, 7).map(Number)) : null;
}

export function roundMoney(amount: number): number {
	return Math.round(amount * 1e5) / 1e5;
}

/** '0.04500 EUR' */
export function formatCost(amount: number, currency: string): string {
	return `${amount.toFixed(5)} ${currency}`;
}

/** '0.04500' */
export function formatDecimal(amount: number): string {
	return amount.toFixed(5);
}

export function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}
