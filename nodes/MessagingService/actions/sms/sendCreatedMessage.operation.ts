import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readPhone } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { createdMessageLocator, readLocatorId } from '../shared/locators';
import { phoneField } from '../shared/recipients';
import { doNotSendToOptions, quietHoursOptions } from '../../guards/options';
import { SendingGuards } from '../../guards/sendingGuards';
import { noteSent } from '../../sends/noteSent';
import { accountOf } from '../../transport/secrets';

export const description: INodeProperties[] = forOperation('sms', 'sendCreatedMessage', [
	phoneField(),
	createdMessageLocator('The SMS message made with "Create Message" that is sent'),
	optionsCollection([...doNotSendToOptions, ...quietHoursOptions]),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'createdMessageId', 'Created Message', itemIndex);
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	const guards = await SendingGuards.of(this, itemIndex);
	const notSent = guards.check(this, itemIndex, phone);
	if (notSent) return [notSent];
	const answer = await api.one('sendSMS', { message_id: messageId, phone });
	noteSent(this, itemIndex, await accountOf(this, itemIndex), 'sms', answer.sms_id, phone);
	return [{ ...answer, ...guards.sentFields(phone) }];
}
