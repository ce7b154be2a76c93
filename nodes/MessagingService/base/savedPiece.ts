import type { IDataObject } from 'n8n-workflow';

import { isObject } from './guards';

/**
 * One named, versioned piece of a workflow's static data (node or global), and the only code that
 * writes or reads a piece's version. n8n keeps the static data as JSON across releases, so a piece
 * saved by an earlier release is read by this one: through `upgrades`, one version at a time, or
 * not at all (then the piece starts empty, as on a first activation).
 *
 * Every piece is a plain JSON object with its version in it as `version: N`. Read too: `v: N`
 * (the handoff mirror until issue 50) and no version at all (version 0: the verification
 * state of 0.1.0).
 */
export interface SavedPiece<T> {
	/** where it is kept in the static data */
	key: string;
	/** the version this release writes */
	version: number;
	/** the most it keeps (its owner enforces it): how many of what */
	bound: { max: number; of: string };
	/** by the version it was saved in: that saved form in the next version's form */
	upgrades?: Record<number, (saved: IDataObject) => IDataObject>;
	/** a key an earlier release saved the piece under: read while `key` holds nothing, removed by the next save */
	formerKey?: { key: string; upgrade: (saved: IDataObject) => IDataObject };
	/** the piece from its saved form (in this version); undefined when it is unreadable */
	decode(saved: IDataObject): T | undefined;
	/** its saved form, plain JSON, without the version (savePiece writes it in) */
	encode(value: T): IDataObject;
}

/** The version a saved form was written in; 0 when it names none. */
function versionOf(saved: IDataObject): number {
	if (typeof saved.version === 'number') return saved.version;
	if (typeof saved.v === 'number') return saved.v;
	return 0;
}

/** The saved form as it stands under the piece's key, not upgraded: undefined when none. */
export function savedForm(
	staticData: IDataObject,
	piece: SavedPiece<unknown>,
): IDataObject | undefined {
	const saved = staticData[piece.key];
	return isObject(saved) ? saved : undefined;
}

/** Puts back a saved form taken earlier with savedForm (as it was: a form of this release). */
export function restoreSavedForm(
	staticData: IDataObject,
	piece: SavedPiece<unknown>,
	form: IDataObject,
): void {
	staticData[piece.key] = form;
}

/** The piece as saved, upgraded to this version; undefined when nothing readable was saved. */
export function loadPiece<T>(staticData: IDataObject, piece: SavedPiece<T>): T | undefined {
	let stored: unknown = staticData[piece.key];
	if (stored === undefined && piece.formerKey) {
		const former = staticData[piece.formerKey.key];
		if (isObject(former)) stored = piece.formerKey.upgrade(former);
	}
	if (!isObject(stored)) return undefined;
	let saved = stored;
	let version = versionOf(saved);
	while (version < piece.version) {
		const upgrade = piece.upgrades?.[version];
		if (!upgrade) return undefined;
		saved = upgrade(saved);
		version += 1;
	}
	return version === piece.version ? piece.decode(saved) : undefined;
}

/**
 * Saves the piece under its key, its version written into the form `encode` returns (that object
 * itself is kept: an owner may compare it by identity), a former key's form removed.
 */
export function savePiece<T>(staticData: IDataObject, piece: SavedPiece<T>, value: T): IDataObject {
	const form = piece.encode(value);
	form.version = piece.version;
	staticData[piece.key] = form;
	if (piece.formerKey) delete staticData[piece.formerKey.key];
	return form;
}
