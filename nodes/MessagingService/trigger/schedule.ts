import { serviceTimeMs } from '../base/serviceTime';

/**
 * When each watched mailing is read (Recent Mailings). Replies come to recent mailings, so:
 * - "hot" mailings, created or replied to within the last hour, are read at every poll
 *   (at most MAX_HOT of them, the most recently active first);
 * - the others, in groups of CHUNK mailings by age (a group is one getChatMessages page),
 *   every 2^k polls when the group's newest mailing is between 2^(k-1) and 2^k hours old,
 *   the most overdue first within the poll's budget (a group never read is due, as much as a
 *   group just due; the newer first).
 * With the default 100 reads per poll, at most MAX_HOT go to hot mailings and the rest to the
 * groups: a mailing is read within MAX_INTERVAL polls while all that is due fits the budget
 * (about 1,000 mailings), else within about M/50 polls (M watched mailings; measured by
 * scripts/bench/trigger.bench.ts).
 */
export const CHUNK = 20;
export const MAX_HOT = 60;
export const HOT_MS = 60 * 60 * 1000;
/** The longest interval of the doubling schedule (polls): about an hour at one poll a minute. */
export const MAX_INTERVAL = 64;

export interface Chunk {
	/** the poll counter when it was last read in full; undefined = never */
	lastRead?: number;
	/** the newest creation time among its mailings (service time) */
	newest?: string;
}

const EPOCH_MS = Date.UTC(2000, 0, 1);

function timeToMinutes(time: string | undefined): string {
	const ms = serviceTimeMs(time);
	return ms === undefined ? '' : Math.floor((ms - EPOCH_MS) / 60_000).toString(36);
}

function minutesToTime(text: string): string | undefined {
	if (text === '') return undefined;
	const minutes = parseInt(text, 36);
	if (!Number.isFinite(minutes)) return undefined;
	return new Date(EPOCH_MS + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Groups as `lastRead.newestMinute` (base 36, '' when unknown) separated by spaces. */
export function encodeChunks(chunks: Chunk[]): string {
	return chunks.map((chunk) => `${chunk.lastRead === undefined ? '' : chunk.lastRead.toString(36)}.${timeToMinutes(chunk.newest)}`).join(' ');
}

export function decodeChunks(text: string): Chunk[] {
	if (text === '') return [];
	return text.split(' ').map((entry) => {
		const [read = '', newest = ''] = entry.split('.');
		const lastRead = read === '' ? undefined : parseInt(read, 36);
		return {
			...(lastRead !== undefined && Number.isFinite(lastRead) ? { lastRead } : {}),
			...(minutesToTime(newest) ? { newest: minutesToTime(newest) } : {}),
		};
	});
}

/** Polls between two reads of a group whose newest mailing is `ageMs` old. */
export function intervalFor(ageMs: number): number {
	if (!(ageMs > HOT_MS)) return 1;
	return Math.min(MAX_INTERVAL, 2 ** Math.ceil(Math.log2(ageMs / HOT_MS)));
}

/** The groups due, the most overdue first (then the newest). */
export function chunksByUrgency(chunks: Chunk[], poll: number, nowMs: number): number[] {
	// a group never read is due, but no more than a young group just due: it does not starve them
	const urgency = (chunk: Chunk) => {
		const created = serviceTimeMs(chunk.newest);
		const interval = intervalFor(created === undefined ? Infinity : nowMs - created);
		const ratio = (poll - (chunk.lastRead ?? -1)) / interval;
		return chunk.lastRead === undefined ? Math.max(1, ratio) : ratio;
	};
	const scored = chunks.map((chunk, index) => ({ index, score: urgency(chunk) }));
	return scored
		.filter(({ score }) => score >= 1)
		.sort((a, b) => (a.score === b.score ? b.index - a.index : b.score - a.score))
		.map(({ index }) => index);
}
