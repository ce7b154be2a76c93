import type { IDataObject } from 'n8n-workflow';

import {
	loadPiece,
	savePiece,
	type SavedPiece,
} from '../../../nodes/MessagingService/base/savedPiece';
import { MIRROR } from '../../../nodes/MessagingService/handoff/mirror';

/**
 * The one way static data is kept (base/savedPiece.ts): written with `version: N`, read in every
 * form an earlier release saved (`v: N`, no version, an earlier key), a form of a later release or
 * one no upgrade reaches read as nothing. The pieces themselves are exercised by the upgrade
 * fixtures (savedState.test.ts) and the tests of each mechanism.
 */
const counts: SavedPiece<{ total: number }> = {
	key: 'counts',
	version: 3,
	bound: { max: 1, of: 'total' },
	upgrades: {
		0: (saved) => ({ ...saved, total: Number(saved.count) }),
		2: (saved) => ({ ...saved, total: Number(saved.total) * 10 }),
	},
	formerKey: { key: 'oldCounts', upgrade: (saved) => ({ ...saved, version: 3 }) },
	decode: (saved) => (typeof saved.total === 'number' ? { total: saved.total } : undefined),
	encode: ({ total }) => ({ total }),
};

describe('a saved piece of static data', () => {
	it('is written with `version: N` under its key, the former key removed', () => {
		const staticData: IDataObject = { oldCounts: { total: 1 } };
		savePiece(staticData, counts, { total: 7 });
		expect(staticData).toEqual({ counts: { total: 7, version: 3 } });
		expect(loadPiece(staticData, counts)).toEqual({ total: 7 });
	});

	it('reads an older version through its upgrades, one version at a time', () => {
		expect(loadPiece({ counts: { version: 2, total: 4 } }, counts)).toEqual({ total: 40 });
		expect(loadPiece({ counts: { v: 2, total: 4 } }, counts)).toEqual({ total: 40 });
		// version 1 has no upgrade: nothing is read (the piece starts empty)
		expect(loadPiece({ counts: { version: 1, total: 4 } }, counts)).toBeUndefined();
	});

	it('reads a form saved with no version as version 0', () => {
		expect(loadPiece({ counts: { count: '5' } }, { ...counts, version: 1 })).toEqual({ total: 5 });
	});

	it('reads the former key while its own holds nothing', () => {
		expect(loadPiece({ oldCounts: { total: 2 } }, counts)).toEqual({ total: 2 });
		expect(
			loadPiece({ oldCounts: { total: 2 }, counts: { version: 3, total: 9 } }, counts),
		).toEqual({ total: 9 });
	});

	it('reads a later version, or a form that is not an object, as nothing', () => {
		expect(loadPiece({ counts: { version: 4, total: 4 } }, counts)).toBeUndefined();
		expect(loadPiece({ counts: 'text' }, counts)).toBeUndefined();
		expect(loadPiece({}, counts)).toBeUndefined();
	});

	it('reads the handoff mirror as the Chat Trigger wrote it before (`v: 1`) and as it writes it now', () => {
		const before = { v: 1, zone: 'Europe/Minsk', phones: {}, known: '375290000001', savedAt: 5 };
		const now: IDataObject = {};
		savePiece(now, MIRROR, { zone: 'Europe/Minsk', phones: {}, known: '375290000001', savedAt: 5 });
		expect(now.conversations).toEqual({ ...before, v: undefined, version: 1 });
		expect(loadPiece({ conversations: before }, MIRROR)).toEqual(loadPiece(now, MIRROR));
	});
});
