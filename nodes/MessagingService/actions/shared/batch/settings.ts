/** The settings of a mailing built from input items, read and checked before anything is sent. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readIdOrAccountDefault } from '../../../helpers/accountDefaults';
import { isHttpUrl } from '../../../helpers/fields';
import type { ServiceMoment } from '../../../helpers/oneMoment';
import { checkTime } from '../../../helpers/sendTime';
import { serviceZone } from '../../../helpers/serviceZone';
import { invalidField } from '../../../base/validation';
import type { BatchChannel, MessageType, RecipientsFrom } from './channel';
import { collectionField, sendAtValue } from '../../common';
import { itemOptions } from '../../../guards/sendingGuards';
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, SCHEDULE_TIME_VERSION_1 } from './fields';

export function readCallbackUrl(
	context: IExecuteFunctions,
	channel: BatchChannel,
	itemIndex: number,
): string | undefined {
	const value = context.getNodeParameter('callbackUrl', itemIndex, '');
	const url = typeof value === 'string' ? value.trim() : '';
	if (url === '') {
		if (!channel.callbackRequired) return undefined;
		throw invalidField(
			context.getNode(),
			'Callback URL',
			value,
			'the service requires an address for the outcome of an SMS mailing, e.g. the Production URL of a Messaging Service Callback Trigger',
			itemIndex,
		);
	}
	if (!isHttpUrl(url)) {
		throw invalidField(
			context.getNode(),
			'Callback URL',
			value,
			'it must be an http:// or https:// address',
			itemIndex,
		);
	}
	return url;
}

export interface MailingSettings {
	name: string;
	recipientsFrom: RecipientsFrom;
	alphanameId: string;
	messageType: MessageType;
	scheduleTime?: ServiceMoment;
	callbackUrl?: string;
	chunkSize: number;
	content: IDataObject;
}

export async function readMailingSettings(
	context: IExecuteFunctions,
	channel: BatchChannel,
): Promise<MailingSettings> {
	const node = context.getNode();
	const nameValue = context.getNodeParameter('mailingName', 0, '');
	const name = typeof nameValue === 'string' ? nameValue.trim() : '';
	if (name === '')
		throw invalidField(node, 'Mailing Name', nameValue, 'give the mailing a name', 0);

	const alphanameId = await readIdOrAccountDefault(
		context,
		'senderNameId',
		'Sender Name ID',
		0,
		'defaultSenderNameId',
	);

	const messageType = context.getNodeParameter('messageType', 0, 'bulk') as MessageType;
	const recipientsFrom = context.getNodeParameter('recipientsFrom', 0, 'fields') as RecipientsFrom;
	const callbackUrl = readCallbackUrl(context, channel, 0);

	const options = itemOptions(context, 0);
	const sendAt = sendAtValue(context, SCHEDULE_TIME_VERSION_1, collectionField(options));
	const scheduleTime = checkTime(
		context,
		sendAt.value,
		sendAt.label,
		'YYYY-MM-DDTHH:mm:ss',
		0,
		await serviceZone(context, 0),
	);
	const chunkValue = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
	const chunkSize = Number(chunkValue);
	if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE) {
		throw invalidField(
			node,
			'Chunk Size',
			chunkValue,
			`it must be a whole number from 1 to ${MAX_CHUNK_SIZE}`,
			0,
		);
	}

	const content = channel.mailingContent(context, messageType);
	return {
		name,
		recipientsFrom,
		alphanameId,
		messageType,
		scheduleTime,
		callbackUrl,
		chunkSize,
		content,
	};
}
