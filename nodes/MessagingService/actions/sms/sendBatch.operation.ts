import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkText } from '../../helpers/fields';
import { forOperation } from '../display';
import { batchFields, executeBatch, personalTextFields, type BatchChannel } from '../shared/batch';
import { guardSmsText, smsTextOptions } from '../../smsText/smsTextOptions';
import type { ExecutionTools } from '../types';
import { itemOptions } from '../../guards/sendingGuards';

/** Read from the first item, as every setting of a batch (without the guards', which are read once by SendingGuards) */
function batchOptions(context: IExecuteFunctions): IDataObject {
	return itemOptions(context, 0);
}

/** `sendBulkSms`: SMS mailings, bulk (item-level `text`) or personal (`{phone, text}` entries). */
export const smsBatchChannel: BatchChannel = {
	method: 'sendBulkSms',
	callbackRequired: true,
	mailingContent(context, messageType) {
		if (messageType === 'personal') return {};
		const text = checkText(
			context,
			context.getNodeParameter('text', 0, ''),
			'Text',
			0,
			'give the text of the SMS sent to every recipient',
		);
		return { text: guardSmsText(context, text, batchOptions(context), 'Text', 0).text };
	},
	personalEntry(context, itemIndex, phone, values) {
		const { value, label } = values('personalText', 'Text');
		const text = checkText(
			context,
			value,
			label,
			itemIndex,
			'each recipient of a personal mailing needs its own text',
		);
		return {
			phone,
			text: guardSmsText(context, text, batchOptions(context), label, itemIndex).text,
		};
	},
	jsonMembers: ['alphaname_id', 'name', 'message_type', 'schedule_time', 'text', 'delivery_list'],
	checkJsonMailing(mailing: IDataObject, where: string) {
		if (
			mailing.message_type === 'bulk' &&
			(typeof mailing.text !== 'string' || mailing.text.trim() === '')
		) {
			return `${where}: a bulk mailing needs "text", the SMS sent to every number of its delivery_list`;
		}
		if (mailing.message_type === 'personal' && mailing.text !== undefined) {
			return `${where}: a personal mailing has no "text" of its own; put each text in its delivery_list entries`;
		}
		return undefined;
	},
};

const contentFields: INodeProperties[] = [
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. Spring sale: 20% off everything until Sunday',
		description: 'The SMS sent to every recipient. Read from the first item.',
		displayOptions: { show: { messageType: ['bulk'] } },
	},
	...personalTextFields('SMS'),
];

export const description: INodeProperties[] = forOperation(
	'sms',
	'sendBatch',
	batchFields({
		callbackRequired: true,
		contentFields,
		senderDescription: 'The ID of the sender name (alphaname) the recipients see.',
		jsonExample:
			'[{"name": "Sale", "alphaname_id": "1001", "message_type": "bulk", "text": "Hello", "delivery_list": ["375291234567"]}]',
		// mailings given as JSON are sent as written
		moreOptions: smsTextOptions.map((option) => ({
			...option,
			displayOptions: { show: { '/buildFrom': ['items'] } },
		})),
	}),
);

export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	return await executeBatch.call(this, items, tools, smsBatchChannel);
}
