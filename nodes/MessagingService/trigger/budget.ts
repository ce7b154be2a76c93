import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's poll budget spent reading mailings; the rest is left for marking and output. */
const BUDGET_SHARE = 0.5;

/** True once this poll has spent its share of n8n's poll budget (never when n8n sets none). */
export function budgetClock(context: IPollFunctions): () => boolean {
	const startedAt = Date.now();
	const budgetMs = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return () => typeof budgetMs === 'number' && Date.now() - startedAt >= budgetMs * BUDGET_SHARE;
}
