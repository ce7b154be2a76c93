import type { IDataObject, INodeListSearchItems } from 'n8n-workflow';

/**
 * How the records of the service read in a picker's list: what a person recognises first (the
 * name or the start of the text), then the ID the node sends (both fit the editor's list), then
 * type, date and status.
 */

const SNIPPET_LENGTH = 30;

/** The start of a text on one line, at most SNIPPET_LENGTH characters. */
export function snippet(text: unknown): string {
	const line = (typeof text === 'string' ? text : '').replace(/\s+/g, ' ').trim();
	return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…` : line;
}

/** "YYYY-MM-DD HH:MM" of a service time "YYYY-MM-DD HH:MM:SS", or of a Unix time (in UTC). */
export function shortTime(value: unknown): string {
	if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
		return `${new Date(value * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
	}
	return typeof value === 'string' ? value.slice(0, 16) : '';
}

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export interface ListEntry extends INodeListSearchItems {
	/** everything a search may match: the shown name and the whole text */
	searchable: string;
}

function entry(title: string, details: unknown[], id: unknown, fullText = ''): ListEntry {
	const facts = details.map(text).filter((detail) => detail !== '');
	const name = [title || '(no text)', `ID ${text(id)}`, ...facts].join(' · ');
	return { name, value: text(id), searchable: `${name} ${fullText}`.toLowerCase() };
}

/** A chat mailing record of getChatMessages: its text (or button, or image), type, date, status. */
export function chatMailingEntry(record: IDataObject): ListEntry {
	const type = text(record.message_type);
	const title =
		snippet(record.message) ||
		(text(record.button_caption) !== ''
			? `[Button: ${snippet(record.button_caption)}]`
			: type === 'IMAGE'
				? '[Image]'
				: '');
	return entry(
		title,
		[type, shortTime(record.d_create), record.status],
		record.message_id,
		text(record.message),
	);
}

/** An SMS mailing of getSMSMessages: its name, where it was made (WEB/API), date, status. */
export function smsMailingEntry(record: IDataObject): ListEntry {
	return entry(
		snippet(record.name),
		['Mailing', record.type, shortTime(record.d_create), record.status],
		record.id,
	);
}

/** A created SMS message of getMessagesList: the start of its text, date, status. */
export function createdMessageEntry(record: IDataObject): ListEntry {
	return entry(
		snippet(record.message),
		['Created Message', shortTime(record.d_create), record.status],
		record.message_id,
		text(record.message),
	);
}

/** A template of getTemplateMessages: its name. */
export function templateEntry(record: IDataObject): ListEntry {
	return entry(snippet(record.name), [], record.id, text(record.name));
}

/** The entries a search keeps: all when the filter is empty, else those that contain it. */
export function matching(entries: ListEntry[], filter: string | undefined): ListEntry[] {
	const wanted = (filter ?? '').trim().toLowerCase();
	return wanted === '' ? entries : entries.filter((item) => item.searchable.includes(wanted));
}

/** The entries as n8n's list items (without the search text). */
export function asListItems(entries: ListEntry[]): INodeListSearchItems[] {
	return entries.map(({ name, value }) => ({ name, value }));
}
