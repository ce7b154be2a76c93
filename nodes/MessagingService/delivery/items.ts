import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Flight } from './events';
import { channelOf, isMailing } from './types';
import type { WatchedSend } from './watchList';

const OTHER_STATUS = 'otherStatus:';

/** One output item: one message, one status. */
export function eventItem(
	send: WatchedSend,
	phone: string,
	event: string,
	flight: Flight,
	watch: string,
	redelivered: boolean,
): INodeExecutionData {
	const other = event.startsWith(OTHER_STATUS);
	const json: IDataObject = {
		event: other ? 'otherStatus' : event,
		channel: channelOf(send.kind),
		kind: isMailing(send.kind) ? 'mailing' : 'message',
		messageId: send.id,
		phone,
		status: flight.status,
		...(flight.errorCode !== undefined ? { errorCode: flight.errorCode } : {}),
		...(flight.statusAt ? { statusAt: flight.statusAt } : {}),
		sentAt: new Date(send.sentAt).toISOString(),
		checkedAt: new Date(flight.at).toISOString(),
		watch,
	};
	if (redelivered) json.redelivered = true;
	return { json };
}
