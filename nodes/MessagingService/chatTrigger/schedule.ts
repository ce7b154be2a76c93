import type { ITriggerFunctions } from 'n8n-workflow';

/** Every second: the engine decides at each tick whether a check is due (Check Every, Quiet Window). */
const EVERY_SECOND = '* * * * * *';

/**
 * Registers `onTick` to run every second with n8n's scheduler. n8n 1.123 and later take
 * `{ expression }`; n8n 1.100 takes the expression itself, and throws on an object when it parses it.
 */
export function everySecond(context: ITriggerFunctions, onTick: () => Promise<void>): void {
	const register = context.helpers.registerCron as unknown as (
		cron: unknown,
		tick: () => Promise<void>,
	) => void;
	try {
		register({ expression: EVERY_SECOND }, onTick);
	} catch {
		register(EVERY_SECOND, onTick);
	}
}
