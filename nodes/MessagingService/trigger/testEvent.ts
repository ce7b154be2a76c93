import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compareIds } from '../base/ids';
import { DAY_MS, serviceTimeMs } from '../base/serviceTime';
import { createApiClient, type ApiClient } from '../transport/client';
import { serviceZone } from '../helpers/serviceZone';
import { combineByConversation, replyItem, withOptOut } from '../replies/items';
import { newestMailings, recordId } from '../replies/listing';
import { TIME_ZONE_ALLOWANCE_MS, type WatchedMailing } from '../replies/plan';
import { compareReplies, unreadReplies, type Reply } from '../replies/reply';
import type { TriggerConfig } from './config';
import { pollTimeShare } from './pollTimeShare';

/** Manual mode's candidates: the newest mailings in the window, or the given IDs. */
async function candidateMailings(
	client: ApiClient,
	config: TriggerConfig,
): Promise<WatchedMailing[]> {
	if (config.watch === 'specificMailings') return config.ids.map((id) => ({ id }));
	const windowStart = Date.now() - config.days * DAY_MS - TIME_ZONE_ALLOWANCE_MS;
	const records = await newestMailings(client, config.maxMailings);
	return records
		.filter(
			(record) =>
				(serviceTimeMs(record.d_create) ?? Infinity) >= windowStart &&
				recordId(record) !== undefined,
		)
		.map((record) => ({ id: recordId(record)!, record }));
}

/**
 * "Fetch Test Event": the latest unread reply to the watched mailings (newest mailings first,
 * at most Max Mailings per Poll of them). Reads no state, writes none, marks nothing read.
 */
export async function latestReply(
	context: IPollFunctions,
	config: TriggerConfig,
): Promise<INodeExecutionData[][]> {
	const client = createApiClient(context);
	const outOfTime = pollTimeShare(context);
	const candidates = await candidateMailings(client, config);
	const newestFirst = [...candidates]
		.sort((a, b) => compareIds(b.id, a.id))
		.slice(0, config.maxMailings);
	if (newestFirst.length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			`No reply yet: no chat mailing was created in the last ${config.days} days`,
			{
				description:
					'Send a chat message (for example with the Messaging Service node, Chat Message > Send), answer it from the phone, then click "Fetch Test Event" again.',
			},
		);
	}
	let latest: { reply: Reply; mailing: WatchedMailing } | undefined;
	let scanned = 0;
	let failure: unknown;
	const nowMs = Date.now();
	for (const mailing of newestFirst) {
		if (scanned > 0 && outOfTime()) break;
		scanned++;
		let replies: Reply[];
		try {
			replies = await unreadReplies(client, mailing.id, nowMs);
		} catch (error) {
			// one mailing that cannot be read does not hide the replies of the others
			failure ??= error;
			continue;
		}
		const newest = replies[replies.length - 1];
		if (newest && (!latest || compareReplies(newest, latest.reply) > 0))
			latest = { reply: newest, mailing };
	}
	if (!latest) {
		if (failure !== undefined) throw failure;
		throw new NodeOperationError(
			context.getNode(),
			`No reply yet: none of the ${newestFirst.length} watched chat mailing${newestFirst.length === 1 ? ' has an unread reply' : 's has an unread reply'}`,
			{
				description:
					'Answer one of the watched chat mailings from a phone, then click "Fetch Test Event" again. Replies already marked as read are not shown.',
			},
		);
	}
	const item = replyItem(latest.reply, latest.mailing, await serviceZone(context));
	// the same shape as the poll's items, so fields can be mapped from the test event
	return [
		(config.combineRepliesPerPhone ? combineByConversation([item]) : [item]).map((one) =>
			withOptOut(one, config.optOuts),
		),
	];
}
