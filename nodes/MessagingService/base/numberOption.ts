/**
 * The one reader of a number option. What a value out of range (or not a number) becomes is the
 * option's policy, chosen by its kind:
 * - 'refuse': a value that decides what the node promises for an item (a code's lifetime, its
 *   attempts, a resend cooldown). The item fails with a field error naming field, value and item:
 *   another number taken silently would change the promise.
 * - 'clamp': a knob of how much at once for the whole run (Concurrency, Timeout). The nearest
 *   allowed value: "more than allowed" means as many as allowed.
 * - 'fallBack': a trigger's setting, read at every poll or activation (days, check every, quiet
 *   window, caps per poll). Its default: a trigger that failed on its settings would stop every
 *   reply from coming in, and the editor's bounds already keep typed values in range.
 */
export type NumberRule = { min: number; max?: number; fallback: number; whole?: boolean } & (
	| { outOfRange: 'clamp' | 'fallBack' }
	| { outOfRange: 'refuse'; refuse: (requirement: string) => Error }
);

export function numberOption(value: unknown, rule: NumberRule): number {
	const max = rule.max ?? Infinity;
	const raw = Number(value);
	// a fraction is refused where the value is a promise, rounded down elsewhere
	const number = rule.whole && rule.outOfRange !== 'refuse' ? Math.floor(raw) : raw;
	if (
		Number.isFinite(number) &&
		(!rule.whole || Number.isInteger(number)) &&
		number >= rule.min &&
		number <= max
	)
		return number;
	if (rule.outOfRange === 'refuse') {
		const kind = rule.whole ? 'a whole number' : 'a number';
		throw rule.refuse(
			max === Infinity ? `${kind} of at least ${rule.min}` : `${kind} from ${rule.min} to ${max}`,
		);
	}
	return rule.outOfRange === 'clamp' && Number.isFinite(number)
		? Math.min(max, Math.max(rule.min, number))
		: rule.fallback;
}
