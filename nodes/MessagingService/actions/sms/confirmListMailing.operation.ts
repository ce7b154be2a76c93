import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { readLocatorId, smsMailingLocator } from '../shared/locators';
import { noteSent } from '../../sends/noteSent';
import { accountOf } from '../../transport/secrets';

export const description: INodeProperties[] = forOperation('sms', 'confirmListMailing', [
	smsMailingLocator('The mailing made with "Send to List" (message_id in its output)'),
	{
		displayName: 'Action',
		name: 'confirmAction',
		type: 'options',
		options: [
			{
				name: 'Get Info',
				value: 'info',
				description: 'Only read the mailing: recipients, parts and cost. Nothing is sent or paid.',
			},
			{
				name: 'Confirm and Pay',
				value: 'confirm',
				description:
					'Confirm the mailing so that it is sent. Confirming debits the cost of the mailing from the account balance.',
			},
		],
		default: 'info',
		builderHint: {
			propertyHint:
				'The default `confirmAction=info` sends nothing. To send the mailing made by `sms.sendToList`, set `confirmAction=confirm`; it debits the balance, so put an approval step (e.g. `sms.sendAndWait`) before it when a person should decide.',
		},
		description:
			'Whether to only get information about the mailing, or confirm it. Confirming debits the cost from the account balance and sends the mailing.',
	},
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	const confirm = this.getNodeParameter('confirmAction', itemIndex, 'info') === 'confirm';
	const answer = await api.one('confirmSendMessageByList', {
		message_id: messageId,
		confirm: confirm ? 1 : 0,
	});
	if (confirm) noteSent(this, itemIndex, await accountOf(this, itemIndex), 'smsMailing', messageId);
	return [answer];
}
