import type { ITriggerFunctions } from 'n8n-workflow';

import { numberOption } from '../base/numberOption';
import { DEFAULT_DAYS } from '../replies/plan';
import {
	DEFAULT_ACTIVE_FOR_MINUTES,
	DEFAULT_CHECK_EVERY_SECONDS,
	DEFAULT_MAX_REQUESTS_PER_MINUTE,
	DEFAULT_MAX_WAIT_SECONDS,
	DEFAULT_QUIET_WINDOW_SECONDS,
} from './description';

/** The chat trigger's settings in milliseconds and requests. */
export interface ChatSettings {
	days: number;
	checkEveryMs: number;
	quietMs: number;
	maxWaitMs: number;
	activeForMs: number;
	requestsPerMinute: number;
}

/** A number of at least `min`, else the default (base/numberOption.ts: a trigger falls back). */
function number(value: unknown, fallback: number, min: number, whole = false): number {
	return numberOption(value, { min, fallback, whole, outOfRange: 'fallBack' });
}

export function readChatSettings(context: ITriggerFunctions): ChatSettings {
	const options = context.getNodeParameter('options', {}) as {
		activeForMinutes?: number;
		maxRequestsPerMinute?: number;
		maxWaitSeconds?: number;
	};
	return {
		days: number(context.getNodeParameter('days', DEFAULT_DAYS), DEFAULT_DAYS, 1, true),
		checkEveryMs:
			number(
				context.getNodeParameter('checkEverySeconds', DEFAULT_CHECK_EVERY_SECONDS),
				DEFAULT_CHECK_EVERY_SECONDS,
				1,
			) * 1000,
		quietMs:
			number(
				context.getNodeParameter('quietWindowSeconds', DEFAULT_QUIET_WINDOW_SECONDS),
				DEFAULT_QUIET_WINDOW_SECONDS,
				0,
			) * 1000,
		maxWaitMs: number(options.maxWaitSeconds, DEFAULT_MAX_WAIT_SECONDS, 1) * 1000,
		activeForMs: number(options.activeForMinutes, DEFAULT_ACTIVE_FOR_MINUTES, 1) * 60_000,
		requestsPerMinute: number(options.maxRequestsPerMinute, DEFAULT_MAX_REQUESTS_PER_MINUTE, 1),
	};
}
