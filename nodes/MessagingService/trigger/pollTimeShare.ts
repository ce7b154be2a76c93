import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's time for one poll (its poll budget) spent reading mailings; the rest is left for marking and output. */
const READING_SHARE = 0.5;

/** True once this poll has spent its reading share of n8n's time for a poll (never when n8n sets none). */
export function pollTimeShare(context: IPollFunctions): () => boolean {
	const startedAt = Date.now();
	const pollMs =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return () => typeof pollMs === 'number' && Date.now() - startedAt >= pollMs * READING_SHARE;
}

/** n8n-core's budget for a poll when no scheduler sets one: the activation poll, and every poll of the legacy poller. */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/**
 * A poll n8n's durable scheduler runs as a scheduled task: it sets a budget under its poll timeout
 * (36 s of 45). Never the activation poll, so a report it raises becomes a failed execution,
 * not a refused activation.
 */
export function isScheduledTask(context: IPollFunctions): boolean {
	const pollMs =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return typeof pollMs === 'number' && pollMs < DEFAULT_POLL_BUDGET_MS;
}
