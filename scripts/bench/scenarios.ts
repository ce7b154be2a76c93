// The scenarios of `npm run bench`: items, the emulator's faults, the contenders and the floor each
// is measured against.
import { MAX_CONCURRENCY } from '../../nodes/MessagingService/actions/common';
import type { ContenderId } from './contenders';
import type { Faults } from './emulator';

export const LATENCY_MS = 50;
export const RATE_PER_SECOND = 20;
export const HTTP_BATCHING = { batchSize: RATE_PER_SECOND, batchInterval: 1000 };
/** S4: requests the service takes at full speed before its limit starts */
export const S4_UNLIMITED = 200;
/** S5: executions started at once on the queue-mode workers, and items each */
export const S5_EXECUTIONS = 3;
export const S5_ITEMS = 300;

export type ScenarioId = 'S1' | 'S2' | 'S3' | 'S4' | 'S5';

export interface ScenarioPlan {
	id: ScenarioId;
	title: string;
	items: number;
	faults: Faults;
	contenders: ContenderId[];
	/** the floor the scenario's times are compared with */
	baseline?: { label: string; seconds: number };
}

const fullSpeedSeconds = (items: number) => (items * LATENCY_MS) / MAX_CONCURRENCY / 1000;

export const SCENARIOS: ScenarioPlan[] = [
	{
		id: 'S1',
		title: `1,000 items, +${LATENCY_MS} ms latency, no rate limit, every contender at its defaults`,
		items: 1000,
		faults: { latencyMs: LATENCY_MS },
		contenders: [
			'axiosLoop',
			'helperLoop',
			'httpDefault',
			'plainNode',
			'nodePerItem',
			'nodePerItemGuarded',
			'nodeBatch',
		],
		baseline: {
			label: `N x latency / max concurrency = 1,000 x ${LATENCY_MS} ms / ${MAX_CONCURRENCY}`,
			seconds: fullSpeedSeconds(1000),
		},
	},
	{
		id: 'S2',
		title: `300 items, +${LATENCY_MS} ms latency, rate limit ${RATE_PER_SECOND} requests/s (429 + Retry-After: 1)`,
		items: 300,
		faults: {
			latencyMs: LATENCY_MS,
			rateLimit: { perSecond: RATE_PER_SECOND, retryAfterSeconds: 1 },
		},
		contenders: [
			'axiosLoop',
			'helperLoop',
			'httpDefault',
			'httpBatching',
			'nodePerItem',
			'nodeBatch',
		],
		baseline: {
			label: `items / rate = 300 / ${RATE_PER_SECOND} per s`,
			seconds: 300 / RATE_PER_SECOND,
		},
	},
	{
		id: 'S3',
		title: `10,000 recipients, +${LATENCY_MS} ms latency, no rate limit`,
		items: 10000,
		faults: { latencyMs: LATENCY_MS },
		contenders: ['nodeBatch', 'nodePerItem'],
	},
	{
		id: 'S4',
		title: `1,000 items, +${LATENCY_MS} ms latency, a limit of ${RATE_PER_SECOND} requests/s starts after the first ${S4_UNLIMITED}`,
		items: 1000,
		faults: {
			latencyMs: LATENCY_MS,
			rateLimit: { perSecond: RATE_PER_SECOND, retryAfterSeconds: 1, afterRequests: S4_UNLIMITED },
		},
		contenders: ['httpDefault', 'nodePerItem'],
		baseline: {
			label: `${S4_UNLIMITED} at full speed (x ${LATENCY_MS} ms / ${MAX_CONCURRENCY}) + ${1000 - S4_UNLIMITED} / ${RATE_PER_SECOND} per s`,
			seconds: fullSpeedSeconds(S4_UNLIMITED) + (1000 - S4_UNLIMITED) / RATE_PER_SECOND,
		},
	},
	{
		id: 'S5',
		title:
			`queue mode: ${S5_EXECUTIONS} executions of ${S5_ITEMS} sends started at once on 2 workers, ` +
			`+${LATENCY_MS} ms latency, one limit of ${RATE_PER_SECOND} requests/s shared by all`,
		items: S5_EXECUTIONS * S5_ITEMS,
		faults: {
			latencyMs: LATENCY_MS,
			rateLimit: { perSecond: RATE_PER_SECOND, retryAfterSeconds: 1 },
		},
		contenders: ['nodePerItem'],
		baseline: {
			label: `items / rate = ${S5_EXECUTIONS * S5_ITEMS} / ${RATE_PER_SECOND} per s`,
			seconds: (S5_EXECUTIONS * S5_ITEMS) / RATE_PER_SECOND,
		},
	},
];
