import { TEST_API_KEY } from '../../harness/keys';
import type { FaultRule } from '../../sandbox';

export type FaultKey =
	| '429'
	| '500-before'
	| '500-after'
	| 'timeout'
	| 'html'
	| 'truncated'
	| 'drop-before'
	| 'drop-after'
	| 'wrong-key';

/** A key the service does not know; it contains the real one, so the leak search also finds it. */
export const WRONG_KEY = `${TEST_API_KEY}-revoked`;

/** The Timeout option (seconds) used where an operation has one, and how long a `timeout` fault holds the answer. */
// (the Timeout covers the whole exchange, connecting included: with 2 s, beside three busy
// processes the request had not reached the emulator when the node gave up; 10 s is ten times the
// 1 s seen on a loaded machine. The cells run in the background, beside those that wait 30 s)
export const NODE_TIMEOUT_S = 10;
export const DELAY_PAST_NODE_TIMEOUT_MS = 11_500;
/** Operations without a Timeout option wait 30 s (transport/request.ts DEFAULT_TIMEOUT_MS). */
export const DELAY_PAST_DEFAULT_TIMEOUT_MS = 31_000;

const UNKNOWN_SEND = /may have been sent\. It was not sent again automatically/;
const UNKNOWN_CHANGE =
	/may have been done \(created, changed or deleted\)\. It was not done again automatically/;
/** a message that may have been sent, or a change (a template, a list mailing not yet confirmed) that may have been made */
export const UNKNOWN_OUTCOME = new RegExp(`${UNKNOWN_SEND.source}|${UNKNOWN_CHANGE.source}`);

/** What a failure with an unknown outcome says for an operation kind. */
export function unknownOutcomeOf(effectKind: string): RegExp {
	return effectKind === 'template' ? UNKNOWN_CHANGE : UNKNOWN_OUTCOME;
}

export interface Fault {
	key: FaultKey;
	title: string;
	/** what the error of an item that this fault hit must say */
	cause: RegExp;
	/** the request may have been processed: a write that fails this way must say so (and never be retried) */
	unknownOutcome: boolean;
	/** the transport retries it for every method (429) */
	retriedForWrites: boolean;
	/** the key to run with */
	apiKey?: string;
}

export const FAULTS: Fault[] = [
	{
		key: '429',
		title: '429 burst',
		cause: /request limit was exceeded \(429\)/,
		unknownOutcome: false,
		retriedForWrites: true,
	},
	{
		key: '500-before',
		title: '500 before the send is recorded',
		cause: /unavailable \(500\)/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: '500-after',
		title: '500 after the send is recorded',
		cause: /unavailable \(500\)/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'timeout',
		title: 'latency past the request timeout',
		cause: /did not answer \w+ within \d+ seconds/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'html',
		title: 'HTML body',
		cause: /not valid JSON/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'truncated',
		title: 'truncated JSON body',
		cause: /not valid JSON/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'drop-before',
		title: 'connection dropped before processing',
		cause: /connection to the service failed/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'drop-after',
		title: 'connection dropped after processing',
		cause: /connection to the service failed/,
		unknownOutcome: true,
		retriedForWrites: false,
	},
	{
		key: 'wrong-key',
		title: 'wrong API key',
		cause: /refused the API key \(401\)/,
		unknownOutcome: false,
		retriedForWrites: false,
		apiKey: WRONG_KEY,
	},
];

export interface RuleOptions {
	/** how many requests of each method the fault hits */
	hits: number;
	/** requests of the method let through before a 429 burst (so a burst comes mid-run) */
	before429?: number;
	delayMs?: number;
}

/** The emulator rules that inject `fault` into the given API methods. */
export function faultRules(fault: Fault, methods: string[], options: RuleOptions): FaultRule[] {
	return methods.flatMap((apiMethod): FaultRule[] => {
		switch (fault.key) {
			case 'wrong-key':
				return [];
			case '429':
				return [
					...(options.before429
						? [{ apiMethod, kind: 'delay' as const, delayMs: 0, count: options.before429 }]
						: []),
					{ apiMethod, kind: '429', count: options.hits, retryAfter: '0' },
				];
			case 'timeout':
				return [
					{
						apiMethod,
						kind: 'delay',
						delayMs: options.delayMs ?? DELAY_PAST_NODE_TIMEOUT_MS,
						count: options.hits,
					},
				];
			default:
				return [{ apiMethod, kind: fault.key, count: options.hits }];
		}
	});
}
