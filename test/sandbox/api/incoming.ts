import type { Fields } from '../http/body';
import type { UploadedFile } from '../types';

/** A request's parameters, by where they arrived. */
export interface Incoming {
	query: Fields;
	form: Fields | null;
	json: unknown;
	files: UploadedFile[];
}

export function jsonMember(json: unknown, name: string): unknown {
	return json !== null && typeof json === 'object' && !Array.isArray(json)
		? (json as Record<string, unknown>)[name]
		: undefined;
}
