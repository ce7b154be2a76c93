const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
	'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const gsmBasic = new Set(GSM_BASIC);
const gsmExtension = new Set(GSM_EXTENSION);

/**
 * Number of SMS parts: 160 GSM-7 septets (153 per part when split), else 70 UTF-16 units (67 when
 * split). An extension character (ESC + septet) or a surrogate pair is not cut between two parts.
 */
export function smsParts(text: string): number {
	const chars = [...text];
	const gsm = chars.every((char) => gsmBasic.has(char) || gsmExtension.has(char));
	const sizes = chars.map((char) => (gsm ? (gsmExtension.has(char) ? 2 : 1) : char.length));
	const total = sizes.reduce((a, b) => a + b, 0);
	if (total <= (gsm ? 160 : 70)) return 1;
	const room = gsm ? 153 : 67;
	let parts = 1;
	let left = room;
	for (const size of sizes) {
		if (size > left) {
			parts++;
			left = room;
		}
		left -= size;
	}
	return parts;
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
