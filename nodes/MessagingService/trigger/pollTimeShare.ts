import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's time for one poll (its poll budget) spent reading mailings; the rest is left for marking and output. */
const READING_SHARE = 0.5;

/** True once this poll has spent its reading share of n8n's time for a poll (never when n8n sets none). */
export function pollTimeShare(context: IPollFunctions): () => boolean {
	const startedAt = Date.now();
	const pollMs = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return () => typeof pollMs === 'number' && Date.now() - startedAt >= pollMs * READING_SHARE;
}
