/**
 * The remembered reply IDs as one short text: `id:time` entries separated by spaces, a numeric
 * ID in base 36, another ID as `~` + its URI encoding, the receipt time as seconds since
 * 2000-01-01 (read as UTC) in base 36 ('' when the service gave no readable time).
 * About 12 characters a reply instead of about 35 as JSON pairs.
 */
const EPOCH_MS = Date.UTC(2000, 0, 1);
const NUMERIC = /^[1-9]\d{0,14}$/;
const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function encodeTime(time: string): string {
	const match = SERVICE_TIME.exec(time);
	if (!match) return '';
	const [, y, mo, d, h, mi, s] = match.map(Number);
	const seconds = (Date.UTC(y, mo - 1, d, h, mi, s) - EPOCH_MS) / 1000;
	return Number.isFinite(seconds) && seconds >= 0 ? seconds.toString(36) : '';
}

function decodeTime(text: string): string {
	if (text === '') return '';
	const seconds = parseInt(text, 36);
	if (!Number.isFinite(seconds)) return '';
	return new Date(EPOCH_MS + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function encodeId(id: string): string {
	return NUMERIC.test(id) ? Number(id).toString(36) : `~${encodeURIComponent(id)}`;
}

function decodeId(text: string): string | undefined {
	if (text.startsWith('~')) {
		try {
			return decodeURIComponent(text.slice(1));
		} catch {
			return undefined;
		}
	}
	const value = parseInt(text, 36);
	return Number.isSafeInteger(value) ? String(value) : undefined;
}

export function encodeSeen(seen: Map<string, string>): string {
	return [...seen].map(([id, time]) => `${encodeId(id)}:${encodeTime(time)}`).join(' ');
}

export function decodeSeen(text: string): Map<string, string> {
	const seen = new Map<string, string>();
	for (const entry of text.split(' ')) {
		const [idText, timeText = ''] = entry.split(':');
		const id = idText ? decodeId(idText) : undefined;
		if (id !== undefined) seen.set(id, decodeTime(timeText));
	}
	return seen;
}
