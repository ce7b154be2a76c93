import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { serviceZone } from '../helpers/serviceZone';
import { serviceNow, serviceTimeMs } from '../base/serviceTime';
import {
	heldHere,
	ledgerOf,
	noteEmitted,
	noteFinished,
	pollsMark,
	type Ledger,
} from '../replies/acknowledgment';
import { combineByConversation, replyItem, withOptOut } from '../replies/items';
import { markOutputRead } from '../replies/markAsRead';
import type { PlannedRead, WatchedMailing } from '../replies/plan';
import { noteSavedState, ReplyReading, restoreNewerState, unsureBefore } from '../replies/reading';
import { compareReplies, type Reply } from '../replies/reply';
import { readConfig, type TriggerConfig } from './config';
import { pollTimeShare } from './pollTimeShare';
import { latestReply } from './testEvent';
import { normalizePhone } from '../helpers/phone';
import { claimedByWait } from '../replyWait/registry';
import { accountOf } from '../transport/secrets';

/**
 * Hot mailings are read by ID: the mailing an output item tells about is fetched once
 * (getChatMessageData) for those with replies to output. A failure leaves just the ID.
 */
async function describeMailings(
	client: ApiClient,
	emitted: Array<{ mailing: WatchedMailing }>,
): Promise<void> {
	const described = new Map<string, Promise<WatchedMailing>>();
	const describe = async ({ id }: WatchedMailing) => ({
		id,
		record: await client.one('getChatMessageData', { message_id: id }).catch(() => undefined),
	});
	for (const entry of emitted) {
		if (entry.mailing.record) continue;
		if (!described.has(entry.mailing.id)) described.set(entry.mailing.id, describe(entry.mailing));
		entry.mailing = await described.get(entry.mailing.id)!;
	}
}

export interface PollExecution {
	/** the data of the trigger's output */
	data: INodeExecutionData[][];
	/** to be called once n8n finished the execution: its replies are marked read (Mark as Read) and no longer awaited */
	finished(): void;
	/** to be called when n8n did not finish it (cancelled at shutdown): its replies are emitted again */
	notFinished(): void;
}

export interface PollResult {
	/** the executions to start: none when nothing is new */
	executions: PollExecution[];
	/** mailings whose replies are not coming in, to tell the user about once */
	report?: Error;
	/** Fetch Test Event: what poll() returns, changing nothing */
	testEvent?: INodeExecutionData[][];
}

/** The reply IDs an output item carries (one reply, or a conversation's). */
function replyIdsOf(items: INodeExecutionData[]): string[] {
	return items.flatMap(({ json }) =>
		Array.isArray(json.replies)
			? json.replies.map((reply) => String((reply as { id?: unknown }).id))
			: [String(json.id)],
	);
}

/**
 * One poll: reads the unread replies of the watched mailings (bounded per poll), outputs each
 * reply not output before, oldest first, and remembers its ID in the node's static data as
 * awaiting its execution; a reply is marked read only once n8n finished the execution that
 * carries it (replies/acknowledgment.ts; replies/reading.ts keeps the state, this picks the
 * mailings and makes the output). A
 * mailing that cannot be read is skipped; only when every read fails in Specific Mailings (the
 * service or the key is at fault) does the poll fail, changing nothing.
 * `mayReport`: whether this poll may tell about failing mailings (see the trigger node).
 */
export async function pollReplies(this: IPollFunctions, mayReport: boolean): Promise<PollResult> {
	const config = readConfig(this);
	if (this.getMode() === 'manual')
		return { executions: [], testEvent: await latestReply(this, config) };

	const ledger = ledgerOf(`${this.getWorkflow().id ?? ''}:${this.getNode().id}`);
	// n8n's durable scheduler can start several polls of one trigger at once (one per Poll Times entry, and
	// those due while n8n was down), each with the same saved state: one at a time, the others find nothing
	if (ledger.polling) return { executions: [] };
	ledger.polling = true;
	try {
		return await pollOnce.call(this, config, ledger, mayReport);
	} finally {
		ledger.polling = false;
	}
}

async function pollOnce(
	this: IPollFunctions,
	config: TriggerConfig,
	ledger: Ledger,
	mayReport: boolean,
): Promise<PollResult> {
	const client = createApiClient(this);
	const account = await accountOf(this);
	const outOfTime = pollTimeShare(this);
	const staticData = this.getWorkflowStaticData('node');
	restoreNewerState(staticData, ledger);
	const zone = await serviceZone(this);
	const nowMs = serviceTimeMs(serviceNow(zone)) ?? Date.now();
	const reading = ReplyReading.open(
		{
			staticData,
			of: 'replyTrigger',
			watch: config.watch,
			nowMs,
			outputExisting: config.includeExisting,
			recordsFirstRound: true,
			unsure: { before: unsureBefore(ledger, zone), emittedHere: (id) => heldHere(ledger, id) },
		},
		(message) => this.logger.warn(message),
	);
	reading.settle(ledger, Date.now(), config.markAsRead);
	const reads: PlannedRead[] =
		config.watch === 'specificMailings'
			? reading.planSpecific(config.ids, config.maxMailings, nowMs)
			: (
					await reading.planRecent(client, {
						days: config.days,
						nowMs,
						maxReads: config.maxMailings,
					})
				).reads;

	const found: Array<{ reply: Reply; mailing: WatchedMailing }> = [];
	let readOk = 0;
	let scanned = 0;
	let stop: Error | undefined;
	let failed: Error | undefined;
	for (const { mailing } of reads) {
		if (scanned >= config.maxMailings || (scanned > 0 && outOfTime())) break;
		const outcome = await reading.read(client, mailing.id, nowMs);
		if ('failure' in outcome && outcome.failure === 'rateLimited') {
			// the service's request limit holds for every mailing: the rest wait for the next poll
			stop = outcome.error;
			break;
		}
		scanned++;
		if ('failure' in outcome) {
			if (outcome.failure === 'failed') failed ??= outcome.error;
			continue;
		}
		readOk++;
		// a reply this process emitted lately stays with its execution, whatever state n8n loaded;
		// one an execution waits for (Send and Wait for Reply) is its own, left unread
		for (const reply of outcome.replies)
			if (
				(reply.redelivered || !heldHere(ledger, reply.id)) &&
				!claimedByWait(account, normalizePhone(reply.record.phone), mailing.id, reply.id)
			)
				found.push({ reply, mailing });
	}
	// not one mailing could be read: the service or the key is at fault, not a mailing
	if (readOk === 0 && (stop || (config.watch === 'specificMailings' && failed)))
		throw stop ?? failed!;

	// oldest first over all mailings, so that Max Replies per Poll never lets a customer's later
	// message out before an earlier one: what does not fit is read again first by the next poll
	found.sort((a, b) => compareReplies(a.reply, b.reply));
	const emitted = found.slice(0, config.maxReplies);
	reading.carryOver(
		[...new Set(found.slice(config.maxReplies).map(({ mailing }) => mailing.id))],
		reads.slice(scanned),
	);
	if (config.watch === 'recentMailings') await describeMailings(client, emitted);
	reading.endRound(nowMs);
	reading.handOut(emitted.map(({ reply }) => reply));
	// the replies whose executions finished since the last poll and could not be marked then
	await reading.markRead(client, [], !config.markAsRead);
	const report = mayReport ? reading.faultReport(this.getNode()) : undefined;
	reading.save();
	noteSavedState(staticData, ledger);

	const items = emitted.map(({ reply, mailing }) => replyItem(reply, mailing, zone));
	if (items.length === 0) return { executions: [], report };
	// n8n's AI Agent reads its memory's session from the first item of an execution, so each
	// conversation gets an execution of its own
	const mark = (item: INodeExecutionData) => withOptOut(item, config.optOuts);
	const outputs = config.combineRepliesPerPhone
		? combineByConversation(items).map((conversation) => [mark(conversation)])
		: [items.map(mark)];
	const emittedAt = Date.now();
	const markPollsReplies = pollsMark(ledger, outputs.length, async (ids) => {
		if (!config.markAsRead) return;
		// what fails is marked by the next poll; one the service refuses is given up alone
		const left = new Set(
			await markOutputRead(client, ids, [], (message) => this.logger.warn(message)),
		);
		for (const id of ids) if (!left.has(id)) noteFinished(ledger, id, true);
	});
	const executions = outputs.map((output): PollExecution => {
		const ids = replyIdsOf(output);
		for (const id of ids) noteEmitted(ledger, id, emittedAt);
		return {
			data: [output],
			finished: () => {
				for (const id of ids) noteFinished(ledger, id, false);
				markPollsReplies(ids);
			},
			notFinished: () => {
				ids.forEach((id) => ledger.inFlight.delete(id));
				markPollsReplies([]);
			},
		};
	});
	return { executions, report };
}
