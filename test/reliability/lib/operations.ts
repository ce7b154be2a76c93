import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { byId, params } from '../../harness/params';
import { TriggerSession, type PollOutcome } from '../../harness/poll';
import type { RunNodeResult } from '../../harness/runNode';
import type { LoggedRequest } from '../../sandbox';
import type { Fault } from './faults';
import { CALLBACK_URL, EMULATOR_START, inParallel, phoneOf, type World } from './world';

/** What became of one input item (or one reply, for the trigger). */
export interface ItemVerdict {
	index: number;
	/**
	 * success output; error output (Continue On Fail); stopped = the execution stopped with an
	 * error; missing = no output paired to the item (a lost item)
	 */
	outcome: 'success' | 'error' | 'stopped' | 'missing';
	error?: string;
	description?: string;
	/**
	 * how many times each write of the item took effect (a message handed over, a template
	 * created or deleted); empty for reads
	 */
	effects: number[];
	/** a read that succeeded returned what it should */
	readOk?: boolean;
}

export interface CellRun {
	verdicts: ItemVerdict[];
	/** errors that stopped a node run or a poll */
	executionErrors: Array<{ message: string; description?: string }>;
	runs: RunNodeResult[];
	polls: PollOutcome[];
	/** emulator requests of the cell */
	requests: LoggedRequest[];
	records?: { checked: number; missing: number; duplicated: number };
	replies?: { checked: number; missed: number; duplicated: number };
	templates?: { checked: number; doubled: number };
}

export interface CellContext {
	world: World;
	n: number;
	/** unique per cell and mode: every text of the cell carries it */
	tag: string;
	fault: Fault;
	continueOnFail: boolean;
	apiKey: string;
	/** the operations' Timeout option, when the cell sets one */
	options: INodeParameters;
	/** sets the cell's faults on the emulator (between the steps that need them) */
	applyFaults(): void;
}

export interface OperationKind {
	key: string;
	title: string;
	/** what the effects of its items are */
	effectKind: 'message' | 'template' | 'none' | 'reply';
	/** the API methods the fault is injected into */
	methods: string[];
	/** which of them change something (a failure must never be repeated blindly) */
	writes: string[];
	/** the request that belongs to one item, for a write (to count its attempts) */
	identify(request: LoggedRequest): string | undefined;
	/** whether the operations have a Timeout option (else they wait 30 s) */
	hasTimeoutOption: boolean;
	/** requests per method for n items (to place a 429 burst mid-run) */
	requests(n: number): number;
	/** false for the trigger: there are no input items, and no Continue On Fail */
	hasItems: boolean;
	/** setup once per emulator, before any fault */
	prepare?(world: World): Promise<void>;
	run(context: CellContext): Promise<CellRun>;
}

function pairedIndexes(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	if (paired === undefined) return [];
	return (Array.isArray(paired) ? paired : [paired]).map((entry) =>
		typeof entry === 'number' ? entry : entry.item,
	);
}

export interface ItemOutcome {
	outcome: ItemVerdict['outcome'];
	error?: string;
	description?: string;
	outputs: IDataObject[];
}

/** Each input item's outcome in one node run, from the outputs paired to it. */
export function itemOutcomes(result: RunNodeResult, count: number): ItemOutcome[] {
	const outcomes: ItemOutcome[] = Array.from({ length: count }, () => ({
		outcome: result.error ? 'stopped' : 'missing',
		outputs: [],
	}));
	if (result.error) return outcomes;
	for (const item of result.items) {
		for (const index of pairedIndexes(item)) {
			const target = outcomes[index];
			if (!target) continue;
			target.outputs.push(item.json);
			if (item.json.error !== undefined) {
				target.outcome = 'error';
				target.error = String(item.json.error);
				target.description =
					item.json.description === undefined ? undefined : String(item.json.description);
			} else if (target.outcome !== 'error') {
				target.outcome = 'success';
			}
		}
	}
	return outcomes;
}

function executionErrorOf(result: RunNodeResult): CellRun['executionErrors'] {
	if (!result.error) return [];
	return [
		{
			message: result.error.message,
			description: (result.error as { description?: string }).description ?? undefined,
		},
	];
}

function verdictFrom(
	index: number,
	outcome: ItemOutcome,
	effects: number[],
	readOk?: boolean,
): ItemVerdict {
	return {
		index,
		outcome: outcome.outcome,
		error: outcome.error,
		description: outcome.description,
		effects,
		readOk,
	};
}

function newCellRun(): CellRun {
	return { verdicts: [], executionErrors: [], runs: [], polls: [], requests: [] };
}

async function finish(context: CellContext, cell: CellRun): Promise<CellRun> {
	context.world.sandbox.clearFaults();
	await context.world.settle();
	cell.requests = context.world.requests();
	context.world.clearRequests();
	return cell;
}

// ---------------------------------------------------------------- single send: SMS > Send

export const singleSend: OperationKind = {
	key: 'single send',
	effectKind: 'message',
	title: 'SMS > Send',
	methods: ['sendQuickSMS'],
	writes: ['sendQuickSMS'],
	identify: (request) =>
		typeof request.query.message === 'string' ? request.query.message : undefined,
	hasTimeoutOption: true,
	requests: (n) => n,
	hasItems: true,
	async run(context) {
		const { world, n, tag } = context;
		const cell = newCellRun();
		const items = Array.from({ length: n }, (_, i) => ({
			phone: phoneOf(i),
			text: `${tag} order ${i} has shipped`,
		}));
		context.applyFaults();
		const result = await world.run({
			parameters: params(world.account, 'sms', 'send', {
				phone: '={{ $json.phone }}',
				message: '={{ $json.text }}',
				options: { ...context.options },
			}),
			items,
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(result);
		cell.executionErrors.push(...executionErrorOf(result));
		await finish(context, cell);
		const sent = world.sentIndex();
		itemOutcomes(result, n).forEach((outcome, i) => {
			cell.verdicts.push(
				verdictFrom(i, outcome, [sent.get(`sms|${items[i].phone}|${items[i].text}`) ?? 0]),
			);
		});
		return cell;
	},
};

// ---------------------------------------------------------------- batch send: SMS > Send Batch from items

const CHUNK = 40;

export const batchSend: OperationKind = {
	key: 'batch send',
	effectKind: 'message',
	title: 'SMS > Send Batch (from items, chunks of 40)',
	methods: ['sendBulkSms'],
	writes: ['sendBulkSms'],
	identify: (request) => {
		const messages = (request.body as { messages?: IDataObject[] } | null)?.messages;
		return Array.isArray(messages) ? String(messages[0]?.name) : undefined;
	},
	hasTimeoutOption: true,
	requests: (n) => Math.ceil(n / CHUNK),
	hasItems: true,
	async run(context) {
		const { world, n, tag } = context;
		const cell = newCellRun();
		const text = `${tag} spring sale`;
		const items = Array.from({ length: n }, (_, i) => ({ phone: phoneOf(i, '3752911') }));
		context.applyFaults();
		const result = await world.run({
			parameters: params(world.account, 'sms', 'sendBatch', {
				mailingName: `${tag} sale`,
				text,
				callbackUrl: CALLBACK_URL,
				options: { chunkSize: CHUNK, ...context.options },
			}),
			items,
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(result);
		cell.executionErrors.push(...executionErrorOf(result));
		await finish(context, cell);
		const sent = world.sentIndex();
		itemOutcomes(result, n).forEach((outcome, i) => {
			cell.verdicts.push(verdictFrom(i, outcome, [sent.get(`sms|${items[i].phone}|${text}`) ?? 0]));
		});
		return cell;
	},
};

// ---------------------------------------------------------------- list send + confirm: SMS > Send to List, then Confirm List Mailing

export const listSendAndConfirm: OperationKind = {
	key: 'list send + confirm',
	effectKind: 'message',
	title: 'SMS > Send to List, then Confirm List Mailing',
	methods: ['sendSmsList', 'confirmSendMessageByList'],
	writes: ['sendSmsList', 'confirmSendMessageByList'],
	identify: (request) => {
		const body = request.body ?? {};
		if (request.apiMethod === 'sendSmsList') return `list:${String(body.name)}`;
		if (request.apiMethod === 'confirmSendMessageByList')
			return `confirm:${String(body.message_id)}`;
		return undefined;
	},
	hasTimeoutOption: true,
	requests: (n) => n,
	hasItems: true,
	async run(context) {
		const { world, n, tag } = context;
		const cell = newCellRun();
		world.sandbox.setBalance(TEST_API_KEY, 1_000_000);
		const list = world.account.lists[0];
		const items = Array.from({ length: n }, (_, i) => ({
			name: `${tag} mailing ${i}`,
			text: `${tag} list offer ${i}`,
		}));
		context.applyFaults();
		const created = await world.run({
			parameters: params(world.account, 'sms', 'sendToList', {
				listId: String(list.id),
				mailingName: '={{ $json.name }}',
				message: '={{ $json.text }}',
				sendAt: EMULATOR_START,
				options: { ...context.options },
			}),
			items,
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(created);
		cell.executionErrors.push(...executionErrorOf(created));
		const step1 = itemOutcomes(created, n);

		const toConfirm = step1
			.map((outcome, origin) => ({ outcome, origin }))
			.filter(({ outcome }) => outcome.outcome === 'success')
			.map(({ outcome, origin }) => ({ message_id: outcome.outputs[0].message_id, origin }));
		let step2: ItemOutcome[] = [];
		if (toConfirm.length > 0) {
			const confirmed = await world.run({
				parameters: params(world.account, 'sms', 'confirmListMailing', {
					messageId: '={{ $json.message_id }}',
					confirmAction: 'confirm',
					options: { ...context.options },
				}),
				items: toConfirm,
				continueOnFail: context.continueOnFail,
				apiKey: context.apiKey,
			});
			cell.runs.push(confirmed);
			cell.executionErrors.push(...executionErrorOf(confirmed));
			step2 = itemOutcomes(confirmed, toConfirm.length);
		}
		await finish(context, cell);
		const sent = world.sentIndex();
		const confirmOf = new Map(toConfirm.map((entry, position) => [entry.origin, step2[position]]));
		step1.forEach((outcome, i) => {
			const effects = list.phones.map((phone) => sent.get(`sms|${phone}|${items[i].text}`) ?? 0);
			const final = confirmOf.get(i) ?? outcome;
			cell.verdicts.push(verdictFrom(i, final, effects));
		});
		return cell;
	},
};

// ---------------------------------------------------------------- status/get: SMS > Get Status

const smsIdsOf = new WeakMap<World, number[]>();

export const statusGet: OperationKind = {
	key: 'status/get',
	effectKind: 'none',
	title: 'SMS > Get Status',
	methods: ['checkSMS'],
	writes: [],
	identify: () => undefined,
	hasTimeoutOption: true,
	requests: (n) => n,
	hasItems: true,
	async prepare(world) {
		const ids = await inParallel(
			Array.from({ length: 100 }, (_, i) => i),
			10,
			async (i) => await world.quickSms(phoneOf(i, '3752912'), `status probe ${i}`),
		);
		smsIdsOf.set(world, ids);
	},
	async run(context) {
		const { world, n } = context;
		const cell = newCellRun();
		const ids = smsIdsOf.get(world)!.slice(0, n);
		context.applyFaults();
		const result = await world.run({
			parameters: params(world.account, 'sms', 'getStatus', {
				smsId: '={{ $json.sms_id }}',
				options: { ...context.options },
			}),
			items: ids.map((sms_id) => ({ sms_id })),
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(result);
		cell.executionErrors.push(...executionErrorOf(result));
		await finish(context, cell);
		itemOutcomes(result, n).forEach((outcome, i) => {
			const readOk =
				outcome.outcome === 'success'
					? outcome.outputs.length === 1 && outcome.outputs[0].sms_id === ids[i]
					: undefined;
			cell.verdicts.push(verdictFrom(i, outcome, [], readOk));
		});
		return cell;
	},
};

// ---------------------------------------------------------------- list with paging: SMS > Get Many Messages, Return All

/** one page of 100 and a second page (the emulator holds one seeded message besides these) */
const STORED_MESSAGES = 100;

export const pagedList: OperationKind = {
	key: 'list with paging',
	effectKind: 'none',
	title: 'SMS > Get Many Messages (Return All, 101 records in 2 pages)',
	methods: ['getMessagesList'],
	writes: [],
	identify: () => undefined,
	hasTimeoutOption: true,
	// 100 records, 1 record, then the empty page that ends the list (a short page may be a cap)
	requests: (n) => 3 * n,
	hasItems: true,
	async prepare(world) {
		await inParallel(
			Array.from({ length: STORED_MESSAGES }, (_, i) => i),
			10,
			async (i) => await world.createdSmsMessage(`stored message ${i}`),
		);
	},
	async run(context) {
		const { world, n } = context;
		const cell = newCellRun();
		const expected = (
			(await world.v1('GET', 'getMessagesList', { limit_offset: 0, limit_rows: 1000 }))
				.result as IDataObject[]
		).map((record) => Number(record.message_id));
		world.clearRequests();
		context.applyFaults();
		const result = await world.run({
			parameters: params(world.account, 'sms', 'getManyMessages', {
				returnAll: true,
				options: { ...context.options },
			}),
			items: Array.from({ length: n }, (_, i) => ({ i })),
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(result);
		cell.executionErrors.push(...executionErrorOf(result));
		await finish(context, cell);
		const records = { checked: 0, missing: 0, duplicated: 0 };
		itemOutcomes(result, n).forEach((outcome, i) => {
			let readOk: boolean | undefined;
			if (outcome.outcome === 'success') {
				const got = outcome.outputs.map((record) => Number(record.message_id));
				const unique = new Set(got);
				records.checked += expected.length;
				records.missing += expected.filter((id) => !unique.has(id)).length;
				records.duplicated += got.length - unique.size;
				readOk =
					unique.size === expected.length &&
					got.length === expected.length &&
					expected.every((id) => unique.has(id));
			}
			cell.verdicts.push(verdictFrom(i, outcome, [], readOk));
		});
		cell.records = records;
		return cell;
	},
};

// ---------------------------------------------------------------- template create/delete

export const templateCreateDelete: OperationKind = {
	key: 'template create/delete',
	effectKind: 'template',
	title: 'Template > Create, then Template > Delete',
	methods: ['createTemplateMessage', 'deleteTemplateMessage'],
	writes: ['createTemplateMessage', 'deleteTemplateMessage'],
	identify: (request) => {
		const body = request.body ?? {};
		if (request.apiMethod === 'createTemplateMessage') return `create:${String(body.name)}`;
		if (request.apiMethod === 'deleteTemplateMessage') return `delete:${String(body.template_id)}`;
		return undefined;
	},
	hasTimeoutOption: false,
	requests: (n) => n,
	hasItems: true,
	async run(context) {
		const { world, n, tag } = context;
		const cell = newCellRun();
		const items = Array.from({ length: n }, (_, i) => ({
			name: `${tag} template ${i}`,
			text: `${tag} text ${i}`,
		}));
		const byName = () => {
			const map = new Map<string, number[]>();
			for (const template of world.account.templates)
				map.set(template.name, [...(map.get(template.name) ?? []), template.id]);
			return map;
		};
		context.applyFaults();
		const created = await world.run({
			parameters: params(world.account, 'template', 'create', {
				name: '={{ $json.name }}',
				message: '={{ $json.text }}',
			}),
			items,
			continueOnFail: context.continueOnFail,
			apiKey: context.apiKey,
		});
		cell.runs.push(created);
		cell.executionErrors.push(...executionErrorOf(created));
		await context.world.settle();
		const createdOutcomes = itemOutcomes(created, n);
		const stored = byName();
		const counts = items.map((item) => stored.get(item.name)?.length ?? 0);
		const templates = {
			checked: n,
			doubled: counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0),
		};

		// Delete every template the create step made (also those made by a request that failed).
		const existing = items.flatMap((item, origin) =>
			(stored.get(item.name) ?? []).map((id) => ({ id, origin })),
		);
		let deletions: ItemOutcome[] = [];
		if (existing.length > 0) {
			const deleted = await world.run({
				parameters: params(world.account, 'template', 'delete', {
					template: byId('={{ $json.id }}'),
				}),
				items: existing,
				continueOnFail: context.continueOnFail,
				apiKey: context.apiKey,
			});
			cell.runs.push(deleted);
			cell.executionErrors.push(...executionErrorOf(deleted));
			deletions = itemOutcomes(deleted, existing.length);
		}
		await finish(context, cell);
		const remaining = new Set(world.account.templates.map((template) => template.id));
		createdOutcomes.forEach((outcome, i) =>
			cell.verdicts.push(verdictFrom(i, outcome, [counts[i]])),
		);
		existing.forEach((entry, position) => {
			// a deletion's effect: 1 when the template is gone
			cell.verdicts.push(
				verdictFrom(n + position, deletions[position] ?? { outcome: 'stopped', outputs: [] }, [
					remaining.has(entry.id) ? 0 : 1,
				]),
			);
		});
		cell.templates = templates;
		return cell;
	},
};

// ---------------------------------------------------------------- trigger poll

export const triggerPoll: OperationKind = {
	key: 'trigger poll',
	effectKind: 'reply',
	title: 'Messaging Service Trigger (poll, 2 watched mailings)',
	methods: ['getNewIncomingMessages', 'readResponseStatus'],
	writes: [],
	identify: () => undefined,
	hasTimeoutOption: false,
	requests: () => 2,
	hasItems: false,
	async run(context) {
		const { world, n, tag } = context;
		const cell = newCellRun();
		const mailings = [
			await world.chatMailing('375291230001', `${tag} A`),
			await world.chatMailing('375291230002', `${tag} B`),
		];
		const parameters: INodeParameters = {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: mailings.join(', ') }] },
			markAsRead: true,
		};
		let session = new TriggerSession({ baseUrl: world.url, parameters });
		const activation = await session.poll();
		cell.polls.push(activation);
		if (activation.error || activation.result !== null)
			throw new Error(`activation failed: ${activation.error?.message}`);

		world.sandbox.advanceClock(5);
		// The trigger takes its activation moment from the real clock, as a service's times are real:
		// replies arrive after it (the emulator's own clock stands at its fixed start date).
		const arrivedAt = Date.now() + 2000;
		const replies = Array.from({ length: n }, (_, i) =>
			world.reply(mailings[i < n / 2 ? 0 : 1], `${tag} answer ${i}`, undefined, arrivedAt),
		);
		const emitted = new Map<string, number>();
		const collect = (outcome: PollOutcome) => {
			cell.polls.push(outcome);
			if (outcome.error)
				cell.executionErrors.push({
					message: outcome.error.message,
					description: (outcome.error as { description?: string }).description,
				});
			for (const item of outcome.items)
				emitted.set(String(item.id), (emitted.get(String(item.id)) ?? 0) + 1);
		};

		context.applyFaults();
		const faulted =
			context.apiKey === TEST_API_KEY
				? session
				: new TriggerSession({
						...session.options,
						apiKey: context.apiKey,
						savedStaticData: session.savedStaticData(),
					});
		collect(await faulted.poll());
		world.sandbox.clearFaults();
		await world.settle();
		// the next polls run after a restart (static data saved as JSON and loaded again)
		session = new TriggerSession({
			...session.options,
			apiKey: TEST_API_KEY,
			savedStaticData: faulted.savedStaticData(),
		});
		collect(await session.poll());
		session = session.restart();
		collect(await session.poll());
		await finish(context, cell);

		const counts = replies.map((id) => emitted.get(id) ?? 0);
		cell.replies = {
			checked: replies.length,
			missed: counts.filter((count) => count === 0).length,
			duplicated:
				counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0) +
				[...emitted.keys()].filter((id) => !replies.includes(id)).length,
		};
		replies.forEach((_, i) =>
			cell.verdicts.push({
				index: i,
				outcome: counts[i] === 1 ? 'success' : 'error',
				effects: [counts[i]],
			}),
		);
		return cell;
	},
};

export const OPERATION_KINDS: OperationKind[] = [
	singleSend,
	batchSend,
	listSendAndConfirm,
	statusGet,
	pagedList,
	templateCreateDelete,
	triggerPoll,
];
