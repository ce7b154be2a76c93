import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { loadPiece } from '../base/savedPiece';
import { newestMailings, recordId } from '../replies/listing';
import { createApiClient } from '../transport/client';
import type { DeliveryConfig } from './config';
import { eventItem } from './items';
import { readStatuses, type StatusRead } from './status';
import type { Send } from './types';
import { watchPiece } from './watchList';

/** Recipients shown by Fetch Test Event, at most. */
const SAMPLE_SIZE = 5;

function eventOf(read: StatusRead): string {
	if (read.failed) return 'failed';
	if (!read.listed) return `otherStatus:${read.status}`;
	if (read.read) return 'read';
	return read.delivered ? 'delivered' : 'pending';
}

/**
 * Fetch Test Event: the current status of the newest watched send, else of the account's newest
 * chat mailing, as the items the trigger outputs (event `pending` while it has none of the
 * statuses). Changes nothing.
 */
export async function sampleEvent(
	context: IPollFunctions,
	config: DeliveryConfig,
): Promise<INodeExecutionData[][]> {
	const client = createApiClient(context);
	const watched = loadPiece(context.getWorkflowStaticData('node'), watchPiece)?.sends ?? [];
	let send: Send | undefined = watched.length > 0 ? watched[watched.length - 1] : undefined;
	if (!send) {
		const id = recordId((await newestMailings(client, 1))[0] ?? {});
		if (id !== undefined) send = { kind: 'chatMailing', id, sentAt: Date.now() };
	}
	if (!send)
		throw new NodeOperationError(context.getNode(), 'No message to show yet', {
			description:
				'The account has no chat mailing. Send a chat message (Chat Message > Send), then fetch again.',
		});
	const statuses = (await readStatuses(client, send.kind, send.id, send.phone)).slice(
		0,
		SAMPLE_SIZE,
	);
	const now = Date.now();
	const items = statuses.map((read) =>
		eventItem(
			{ ...send, messages: {} },
			read.phone,
			eventOf(read),
			{
				at: now,
				status: read.status,
				...(read.errorCode !== undefined ? { errorCode: read.errorCode } : {}),
			},
			config.watch,
			false,
		),
	);
	if (items.length === 0)
		throw new NodeOperationError(context.getNode(), `Message ${send.id} has no recipient yet`, {
			description:
				'A mailing lists its recipients once it is confirmed and sent. Fetch again later.',
		});
	return [items];
}
