// CHAT (issues 27, 39): how soon a customer's message starts the execution that answers it, with
// the Chat Trigger (its defaults) and with the polling trigger (Combine Replies per Phone), for K
// active conversations. A real n8n with the package from its tarball, the emulator on the real
// clock. Per K, one seeded script of customer messages (single messages and bursts of 2 or 3 about
// a second apart, 15 to 45 s between turns) is played to each trigger in turn, each in its own
// workflow, active only for the script and the drain after it: both mark replies read, so they
// never run at the same time. The workflow plays a chatbot: Trigger -> Chat Message > Send, each
// turn answered with a new mailing to its phone, and each customer writes to their newest mailing.
// The No Op variant (nobody answers, every customer keeps writing to their opening mailing) is the
// bench of issue 27.
import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_DAYS } from '../../nodes/MessagingService/replies/plan';
import { nodeOutput } from '../../test/e2e/lib/execution-data';
import type { ExecutionSummary } from '../../test/e2e/lib/n8n-types';
import { workflowOf, type NodeSpec } from '../../test/e2e/lib/workflow-builder';
import type { BenchEmulator, LoggedRequest } from './emulator';
import { PACKAGE, type BenchN8n } from './n8n';
import { table } from './report';
import { seededRandom } from '../../test/harness/seededRandom';

const TRIGGER_NODE = 'Trigger';
/** The requests a reply trigger sends: listing mailings, reading replies, marking them read. */
const READ_METHODS = new Set([
	'getChatMessages',
	'getNewIncomingMessages',
	'readResponseStatus',
	'getChatMessageData',
	'getChatDeliveryList',
]);
const SEED = 27;

interface TriggerPlan {
	id: 'chat' | 'chatOutside' | 'polling' | 'noop' | 'handoff';
	label: string;
	/**
	 * the workflow answers each execution with a new mailing to the phone, and the customers write to
	 * their newest mailing: by Chat Message > Send (`package`), or as a CRM outside n8n would, by the
	 * service's API called with n8n's HTTP Request node (`outside`: nothing tells the trigger whose
	 * phone the answer went to)
	 */
	answers: 'package' | 'outside' | false;
	/** after the script: time for the last turns to start (a poll comes at most once a minute) */
	drainSeconds: number;
	type: string;
	parameters: NodeSpec['parameters'];
}

const TRIGGERS: TriggerPlan[] = [
	{
		id: 'chat',
		label: 'Chat Trigger (defaults), answering',
		answers: 'package',
		drainSeconds: 45,
		type: `${PACKAGE}.messagingServiceChatTrigger`,
		parameters: {},
	},
	{
		id: 'polling',
		label: 'Trigger, Combine Replies per Phone, answering',
		answers: 'package',
		drainSeconds: 90,
		type: `${PACKAGE}.messagingServiceTrigger`,
		parameters: {
			watch: 'recentMailings',
			days: DEFAULT_DAYS,
			markAsRead: true,
			options: { combineRepliesPerPhone: true },
			pollTimes: { item: [{ mode: 'everyMinute' }] },
		},
	},
	{
		id: 'chatOutside',
		label: 'Chat Trigger (defaults), answered from outside n8n',
		answers: 'outside',
		drainSeconds: 45,
		type: `${PACKAGE}.messagingServiceChatTrigger`,
		parameters: {},
	},
	{
		id: 'noop',
		label: 'Chat Trigger (defaults), No Op',
		answers: false,
		drainSeconds: 45,
		type: `${PACKAGE}.messagingServiceChatTrigger`,
		parameters: {},
	},
];

/** What answers each turn: Chat Message > Send, the service's API from outside n8n, or nobody. */
function answerNode(trigger: TriggerPlan, { n8n, emulator }: ChatBenchOptions): NodeSpec {
	if (trigger.answers === 'outside') return outsideAnswerNode(emulator);
	if (trigger.answers === false)
		return {
			name: 'No Op',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		};
	return {
		name: 'Answer',
		type: `${PACKAGE}.messagingService`,
		typeVersion: 2,
		position: [220, 0],
		parameters: {
			resource: 'chatMessage',
			operation: 'send',
			chatnameId: emulator.chatnameId,
			phone: `={{ $('${TRIGGER_NODE}').item.json.sessionId }}`,
			messageType: 'TEXT',
			messageFrom: 'text',
			message: '=Thanks, noted: {{ $json.chatInput }}',
			options: {},
		},
		credentials: { messagingServiceApi: n8n.credential },
	};
}

/** The answer sent as a system outside n8n sends it: the service's API, through n8n's HTTP Request node. */
function outsideAnswerNode(emulator: BenchEmulator): NodeSpec {
	const form = (name: string, value: string) => ({ name, value });
	return {
		name: 'Answer from outside',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [220, 0],
		parameters: {
			method: 'POST',
			url: `${emulator.baseUrl}/api/v2/sendQuickChatMessage`,
			sendBody: true,
			contentType: 'form-urlencoded',
			bodyParameters: {
				parameters: [
					form('token', emulator.token),
					form('chatname_id', emulator.chatnameId),
					form('phone', `={{ $('${TRIGGER_NODE}').item.json.sessionId }}`),
					form('message', '=Thanks, noted: {{ $json.chatInput }}'),
				],
			},
			options: {},
		},
	};
}

/** The Chat Trigger answering, with conversations a person has (`--chat-handed-over N`): their turns go to To Person. */
const HANDOFF_TRIGGER: TriggerPlan = { ...TRIGGERS[0], id: 'handoff' };

/** The triggers a run plays (`--chat-triggers chat,polling,noop`). */
export const CHAT_TRIGGER_IDS = TRIGGERS.map((trigger) => trigger.id);

/** One customer message of the script, `at` ms after the script starts. */
interface ScriptedMessage {
	at: number;
	conversation: number;
	burst: number;
	text: string;
}

interface PlayedBurst {
	conversation: number;
	/** the burst's first message, seconds after the script started */
	atSecond: number;
	replyIds: string[];
	/** when the burst's last message was sent to the emulator (ms since the epoch) */
	lastAt: number;
}

/** An execution of the trigger's workflow: when n8n started it, and the replies its item carries. */
interface Turn {
	startedAt: number;
	replyIds: string[];
	/** the trigger's output it came on (2: To Person) */
	output: number;
}

export interface ChatRow {
	trigger: string;
	k: number;
	minutes: number;
	bursts: number;
	replies: number;
	executions: number;
	/** seconds from each burst's last message to the start of the execution that holds it */
	latency: { median: number; p95: number; max: number };
	/** conversations a person had (To Person output), and the same latency over their bursts only */
	handedOver: number;
	personLatency?: { median: number; p95: number; max: number };
	/** bursts of a conversation a person had that reached the bot's output, and the reverse */
	wrongOutput: number;
	/** reads of the reply methods per minute while the workflow was active */
	requestsPerMinute: number;
	/** the same, per conversation (K) */
	requestsPerMinutePerConversation: number;
	/** answers the workflow sent (Chat Message > Send) */
	answersSent: number;
	/** bursts one of whose messages came before a message of an earlier execution of the same phone */
	outOfOrder: number;
	/** the same, per method */
	requestsPerMinuteByMethod: Record<string, number>;
	/** the three bursts answered last: which customer, when in the script (s), latency (s) */
	slowest: Array<{ conversation: number; atSecond: number; seconds: number }>;
	/** executions holding messages of one burst: mean and most (1 is right) */
	turnsPerBurst: { mean: number; max: number };
	unansweredBursts: number;
	/** replies in no execution, still unread on the service at the end (late, not lost) */
	unreadReplies: number;
	/** replies in no execution and marked read on the service: lost */
	lostReplies: number;
	/** replies in more than one execution */
	answeredTwice: number;
}

/** Each conversation's turns: 1 message (half of them), 2 or 3 a second apart; 15 to 45 s of pause after each. */
export function chatScript(k: number, minutes: number, seed = SEED): ScriptedMessage[] {
	const random = seededRandom(seed * 1000 + k);
	const messages: ScriptedMessage[] = [];
	let burst = 0;
	for (let conversation = 0; conversation < k; conversation++) {
		for (let at = 2000 + random() * 15_000; at < minutes * 60_000; burst++) {
			const size = random() < 0.5 ? 1 : random() < 0.5 ? 2 : 3;
			for (let n = 0; n < size; n++) {
				messages.push({
					at: at + n * 1000,
					conversation,
					burst,
					text: `Customer ${conversation}, turn ${burst}, message ${n + 1} of ${size}`,
				});
			}
			at += (size - 1) * 1000 + 15_000 + random() * 30_000;
		}
	}
	return messages.sort((a, b) => a.at - b.at);
}

/**
 * Sends the script's messages to the emulator at their moments (real clock); `newest`: to each phone's newest mailing.
 * `repliedTo` gets every mailing a message went to: where a reply in no execution is looked for, unread or not.
 */
async function play(
	emulator: BenchEmulator,
	script: ScriptedMessage[],
	mailings: number[],
	phones: string[],
	newest: boolean,
	repliedTo: Set<number>,
): Promise<PlayedBurst[]> {
	const bursts = new Map<number, PlayedBurst>();
	const start = Date.now();
	for (const message of script) {
		const wait = start + message.at - Date.now();
		if (wait > 0) await sleep(wait);
		const phone = phones[message.conversation];
		const mailing = newest
			? ((await emulator.newestChatMailings())[phone] ?? mailings[message.conversation])
			: mailings[message.conversation];
		const sentAt = Date.now();
		repliedTo.add(mailing);
		const id = await emulator.injectReply(mailing, phone, message.text);
		const burst = bursts.get(message.burst) ?? {
			conversation: message.conversation,
			atSecond: Math.round(message.at / 1000),
			replyIds: [],
			lastAt: 0,
		};
		burst.replyIds.push(id);
		burst.lastAt = sentAt;
		bursts.set(message.burst, burst);
	}
	return [...bursts.values()];
}

/** Every execution of the workflow (n8n's list, page by page), with the reply IDs of its trigger item. */
async function turnsOf(n8n: BenchN8n, workflowId: string): Promise<Turn[]> {
	const summaries = new Map<string, ExecutionSummary>();
	let cursor: string | undefined;
	do {
		const page = await n8n.client.request<{
			results: ExecutionSummary[];
			nextCursor?: string | null;
		}>('get', '/rest/executions', undefined, {
			filter: JSON.stringify({ workflowId }),
			limit: 100,
			...(cursor ? { cursor } : {}),
		});
		for (const summary of page.results) summaries.set(summary.id, summary);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	const turns: Turn[] = [];
	const ids = [...summaries.keys()];
	for (let index = 0; index < ids.length; index += 5) {
		const executions = await Promise.all(
			ids.slice(index, index + 5).map(async (id) => await n8n.client.getExecution(id)),
		);
		for (const execution of executions) {
			for (const output of [0, 1, 2]) {
				const replies = nodeOutput(execution, TRIGGER_NODE, output).flatMap(
					(json) => (json.replies as IDataObject[] | undefined) ?? [json],
				);
				if (replies.length > 0 || output === 0)
					turns.push({
						startedAt: Date.parse(execution.startedAt),
						replyIds: replies.map((reply) => String(reply.id)),
						output,
					});
			}
		}
	}
	return turns;
}

function percentile(sorted: number[], p: number): number {
	return (
		sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
		NaN
	);
}

function measure(
	bursts: PlayedBurst[],
	turns: Turn[],
	requests: LoggedRequest[],
	activeMinutes: number,
	unread: Set<string>,
	k: number,
	handedOver = 0,
): Omit<ChatRow, 'trigger' | 'k' | 'minutes'> {
	const turnsOfReply = new Map<string, Turn[]>();
	for (const turn of turns)
		for (const id of turn.replyIds) turnsOfReply.set(id, [...(turnsOfReply.get(id) ?? []), turn]);
	const answered: Array<PlayedBurst & { seconds: number }> = [];
	const turnCounts: number[] = [];
	for (const burst of bursts) {
		const answering = turnsOfReply.get(burst.replyIds[burst.replyIds.length - 1]);
		if (!answering) continue;
		answered.push({
			...burst,
			seconds: (Math.min(...answering.map((turn) => turn.startedAt)) - burst.lastAt) / 1000,
		});
		turnCounts.push(new Set(burst.replyIds.flatMap((id) => turnsOfReply.get(id) ?? [])).size);
	}
	answered.sort((a, b) => a.seconds - b.seconds);
	const latencies = answered.map((burst) => burst.seconds);
	// the first `handedOver` conversations are a person's from the end of their first turn on: their later bursts go to To Person
	const firstBurst = new Map<number, PlayedBurst>();
	for (const burst of bursts)
		if (!firstBurst.has(burst.conversation)) firstBurst.set(burst.conversation, burst);
	const toPerson = (burst: PlayedBurst) =>
		burst.conversation < handedOver && firstBurst.get(burst.conversation) !== burst;
	const personLatencies = answered.filter(toPerson).map((burst) => burst.seconds);
	const wrongOutput = bursts.filter((burst) =>
		(turnsOfReply.get(burst.replyIds[0]) ?? []).some(
			(turn) => (turn.output === 2) !== toPerson(burst),
		),
	).length;
	const replyIds = bursts.flatMap((burst) => burst.replyIds);
	const byMethod: Record<string, number> = {};
	for (const { apiMethod } of requests)
		if (apiMethod !== null && READ_METHODS.has(apiMethod))
			byMethod[apiMethod] = (byMethod[apiMethod] ?? 0) + 1 / activeMinutes;
	const requestsPerMinute = Object.values(byMethod).reduce((sum, perMinute) => sum + perMinute, 0);
	// per phone, in the order written: a burst whose execution started before one of an earlier burst's
	let outOfOrder = 0;
	const latestStart = new Map<number, number>();
	for (const burst of bursts) {
		const starts = burst.replyIds
			.map((id) => Math.min(...(turnsOfReply.get(id) ?? []).map((turn) => turn.startedAt)))
			.filter(Number.isFinite);
		if (starts.length === 0) continue;
		if (Math.min(...starts) < (latestStart.get(burst.conversation) ?? -Infinity)) outOfOrder++;
		latestStart.set(
			burst.conversation,
			Math.max(latestStart.get(burst.conversation) ?? -Infinity, ...starts),
		);
	}
	return {
		bursts: bursts.length,
		replies: replyIds.length,
		executions: turns.length,
		latency: {
			median: percentile(latencies, 50),
			p95: percentile(latencies, 95),
			max: latencies[latencies.length - 1] ?? NaN,
		},
		handedOver,
		...(handedOver > 0
			? {
					personLatency: {
						median: percentile(personLatencies, 50),
						p95: percentile(personLatencies, 95),
						max: personLatencies[personLatencies.length - 1] ?? NaN,
					},
				}
			: {}),
		wrongOutput,
		requestsPerMinute,
		requestsPerMinutePerConversation: requestsPerMinute / k,
		requestsPerMinuteByMethod: byMethod,
		answersSent: Math.max(
			0,
			requests.filter((request) => request.apiMethod === 'sendQuickChatMessage').length - k,
		),
		outOfOrder,
		slowest: answered
			.slice(-3)
			.map(({ conversation, atSecond, seconds }) => ({ conversation, atSecond, seconds })),
		turnsPerBurst: {
			mean: turnCounts.reduce((sum, count) => sum + count, 0) / turnCounts.length,
			max: Math.max(0, ...turnCounts),
		},
		unansweredBursts: bursts.length - latencies.length,
		unreadReplies: replyIds.filter((id) => !turnsOfReply.has(id) && unread.has(id)).length,
		lostReplies: replyIds.filter((id) => !turnsOfReply.has(id) && !unread.has(id)).length,
		answeredTwice: replyIds.filter((id) => (turnsOfReply.get(id)?.length ?? 0) > 1).length,
	};
}

interface ChatBenchOptions {
	n8n: BenchN8n;
	emulator: BenchEmulator;
	ks: number[];
	minutes: number;
	/** which of TRIGGERS to play (default: all) */
	triggers?: string[];
	/** also play the Chat Trigger with this many conversations handed over to a person for the whole run (issue 40) */
	handedOver?: number;
	/** seconds each trigger keeps running after the script (default: each trigger's own) */
	drainSeconds?: number;
	step: (message: string) => void;
}

/**
 * A Set node that hands the first `count` conversations over to a person at their first turn, as
 * Hand Over to Person would: its output carries the change record, which the Chat Trigger reads
 * from the finished execution (the done promise, docs/chatbot.md); their later turns come on To Person.
 */
function handOverNode(firstPhone: number, count: number): NodeSpec {
	const change = `{ id: 'bench-' + $json.sessionId, phone: $json.sessionId, to: 'person', at: $now.toMillis(), untilMs: $now.toMillis() + 86400000, silenceMs: 0, reason: 'bench' }`;
	return {
		name: 'Hand Over',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [220, 200],
		parameters: {
			mode: 'manual',
			includeOtherFields: false,
			assignments: {
				assignments: [
					{
						id: 'handoff',
						name: 'handoffChange',
						type: 'object',
						value: `={{ Number($json.sessionId) - ${firstPhone} < ${count} ? ${change} : {} }}`,
					},
				],
			},
			options: {},
		},
	};
}

async function runTrigger(
	options: ChatBenchOptions,
	trigger: TriggerPlan,
	k: number,
	script: ScriptedMessage[],
): Promise<ChatRow> {
	const { n8n, emulator, minutes, step } = options;
	const drainSeconds = options.drainSeconds ?? trigger.drainSeconds;
	await emulator.prepare({});
	const firstPhone = 375_295_000_000;
	const phones = Array.from({ length: k }, (_, index) => String(firstPhone + index));
	const handedOver = trigger.id === 'handoff' ? Math.min(k, options.handedOver ?? 0) : 0;
	const workflow = workflowOf(`Bench CHAT ${trigger.id} K=${k}`, [
		{
			name: TRIGGER_NODE,
			type: trigger.type,
			typeVersion: 1,
			position: [0, 0],
			parameters: trigger.parameters,
			credentials: { messagingServiceApi: n8n.credential },
		},
		answerNode(trigger, options),
	]);
	if (handedOver > 0) {
		// To Person: the person is told elsewhere; nothing is sent to the customer
		workflow.nodes.push({
			id: 'to-person',
			name: 'Person',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 400],
			parameters: {},
		} as (typeof workflow.nodes)[number]);
		workflow.nodes.push({
			id: 'hand-over',
			...handOverNode(firstPhone, handedOver),
		} as (typeof workflow.nodes)[number]);
		const toAnswer = workflow.connections[TRIGGER_NODE].main[0] ?? [];
		workflow.connections[TRIGGER_NODE] = {
			main: [
				[...toAnswer, { node: 'Hand Over', type: 'main', index: 0 }],
				[],
				[{ node: 'Person', type: 'main', index: 0 }],
			],
		};
	}
	const workflowId = await n8n.createWorkflow(workflow);
	const activatedAt = Date.now();
	await n8n.client.activateWorkflow(workflowId);
	const mailings: number[] = [];
	for (const phone of phones)
		mailings.push(
			await emulator.sendChatMailing(
				phone,
				'Hello from DemoShop! Any questions about your booking?',
			),
		);
	step(
		`CHAT ${trigger.label}, K = ${k}: ${mailings.length} opening mailings sent; ${script.length} messages over ${minutes} min, then ${drainSeconds} s of drain`,
	);
	const repliedTo = new Set<number>();
	const bursts = await play(
		emulator,
		script,
		mailings,
		phones,
		trigger.answers !== false,
		repliedTo,
	);
	await sleep(drainSeconds * 1000);
	await n8n.client.deactivateWorkflow(workflowId);
	const activeMinutes = (Date.now() - activatedAt) / 60_000;
	const requests = await emulator.requests();
	const unread = new Set<string>();
	for (const mailing of repliedTo)
		for (const id of await emulator.unreadReplyIds(mailing)) unread.add(id);
	const label = handedOver > 0 ? `${trigger.label}, ${handedOver} handed over` : trigger.label;
	const row = {
		trigger: label,
		k,
		minutes,
		...measure(
			bursts,
			await turnsOf(n8n, workflowId),
			requests,
			activeMinutes,
			unread,
			k,
			handedOver,
		),
	};
	const perMethod = Object.entries(row.requestsPerMinuteByMethod).map(
		([method, perMinute]) => `${method} ${perMinute.toFixed(0)}`,
	);
	const slowest = row.slowest.map(
		(burst) =>
			`${burst.seconds.toFixed(1)} s (customer ${burst.conversation}, turn at ${burst.atSecond} s)`,
	);
	step(
		`    ${row.executions} executions; requests/min: ${perMethod.join(', ')}; slowest: ${slowest.join(', ')}\n${chatTable([row]).replace(/^/gm, '    ')}`,
	);
	return row;
}

/** For each K, the same script to each trigger in turn; one row per trigger and K. */
export async function runChatBench(options: ChatBenchOptions): Promise<ChatRow[]> {
	const rows: ChatRow[] = [];
	for (const k of options.ks) {
		const script = chatScript(k, options.minutes);
		for (const trigger of TRIGGERS)
			if (!options.triggers || options.triggers.includes(trigger.id))
				rows.push(await runTrigger(options, trigger, k, script));
		if ((options.handedOver ?? 0) > 0)
			rows.push(await runTrigger(options, HANDOFF_TRIGGER, k, script));
	}
	const order = (row: ChatRow) => TRIGGERS.findIndex((t) => t.label === row.trigger) >>> 0;
	return rows.sort((a, b) => order(a) - order(b) || a.k - b.k);
}

export function chatTable(rows: ChatRow[]): string {
	const secs = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
	return table(
		[
			'trigger',
			'K',
			'bursts',
			'median s',
			'p95 s',
			'max s',
			'To Person median / p95 s',
			'wrong output',
			'requests/min',
			'per conversation',
			'answers',
			'turns/burst (max)',
			'unanswered',
			'still unread',
			'lost',
			'answered twice',
			'out of order',
		],
		rows.map((row) => [
			row.trigger,
			String(row.k),
			String(row.bursts),
			secs(row.latency.median),
			secs(row.latency.p95),
			secs(row.latency.max),
			row.personLatency
				? `${secs(row.personLatency.median)} / ${secs(row.personLatency.p95)}`
				: '-',
			String(row.wrongOutput),
			row.requestsPerMinute.toFixed(0),
			row.requestsPerMinutePerConversation.toFixed(1),
			String(row.answersSent),
			`${row.turnsPerBurst.mean.toFixed(2)} (${row.turnsPerBurst.max})`,
			String(row.unansweredBursts),
			String(row.unreadReplies),
			String(row.lostReplies),
			String(row.answeredTwice),
			String(row.outOfOrder),
		]),
		[
			false,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
		],
	);
}

export const CHAT_NOTES = [
	'CHAT  conversations in real time (issue 27): K customers write at random moments (seeded), each trigger in turn on the same script',
	"    median / p95 / max s: from a burst's last message to n8n's startedAt of the execution whose trigger item holds it",
	'    answering: the workflow answers each execution with Chat Message > Send (a new mailing to the phone), the customers write to their newest mailing; No Op: nobody answers',
	'    requests/min: getChatMessages, getNewIncomingMessages, readResponseStatus, getChatMessageData and getChatDeliveryList while the workflow was active (script + drain); per conversation: divided by K',
	'    answers: mailings the workflow sent; out of order: bursts whose execution started before one of an earlier burst of the same phone',
	'    turns/burst: executions holding messages of one burst (1 is right); unanswered: bursts whose last message no execution holds',
	'    still unread / lost: replies in no execution, unread on the service at the end (late) / marked read (lost)',
	'    N handed over (--chat-handed-over N, issue 40): a Set node hands the first N conversations over at their first turn (the change read from the finished execution); their later turns come on To Person (a No Op, nobody answers)',
	"    To Person median / p95 s: the latency of those turns alone; wrong output: bursts that came on the other output than their conversation's holder",
];
