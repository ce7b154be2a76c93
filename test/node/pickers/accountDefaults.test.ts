import type { IDataObject } from 'n8n-workflow';

import { params, RECIPIENTS_FROM_PHONE_FIELD } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

/** Sender name, chat sender and subscriber list left empty in a node take the credential's defaults. */

const fixture = useSandbox();

/** A chat message with the Chat Sender ID left empty. */
const chatSend = () =>
	params(fixture.account, 'chatMessage', 'send', { chatnameId: '', phone: '375291000001' });

const defaults = () => ({
	defaultSenderNameId: String(fixture.account.alphanameIds[1]),
	defaultChatnameId: String(fixture.account.chatnameIds[1]),
	defaultListId: String(fixture.account.listIds[1]),
});

function sent(apiMethod: string): IDataObject[] {
	return fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod === apiMethod)
		.map((request) => ({ ...request.query, ...request.body }) as IDataObject);
}

describe('account defaults from the credential', () => {
	it('SMS > Send: an empty Sender Name ID takes the default, for every item, with one read of the credential', async () => {
		const { error, credentialReads } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'send', {
				senderNameId: '',
				phone: '={{ $json.phone }}',
			}),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: '375291000003' }],
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendQuickSMS').map((request) => request.alphaname_id)).toEqual(
			Array(3).fill(defaults().defaultSenderNameId),
		);
		expect(credentialReads).toBe(1);
	});

	it('a field that is filled wins over the default', async () => {
		const own = String(fixture.account.alphanameIds[0]);
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'send', { senderNameId: own }),
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendQuickSMS')[0].alphaname_id).toBe(own);
	});

	it('empty field and no default: refused before any request, saying where to set one', async () => {
		const { error } = await fixture.run({ parameters: chatSend() });
		expect(error?.message).toBe(
			'The Chat Sender ID field is empty in item 0: enter an ID, or set "Default Chat Sender ID" in the credential for the account\'s usual one',
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('a default that is not an ID is refused, naming the credential field', async () => {
		const { error } = await fixture.run({
			parameters: chatSend(),
			credentialFields: { defaultChatnameId: 'DemoSupport' },
		});
		expect(error?.message).toMatch(
			/^Invalid Chat Sender ID "DemoSupport" in item 0: the credential's "Default Chat Sender ID" is not an ID/,
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('Chat Message > Send and Send to List: chat sender and subscriber list from the credential', async () => {
		const chat = await fixture.run({ parameters: chatSend(), credentialFields: defaults() });
		expect(chat.error).toBeUndefined();
		expect(sent('sendQuickChatMessage')[0].chatname_id).toBe(defaults().defaultChatnameId);

		const list = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendToList', {
				chatnameId: '',
				listId: '',
			}),
			credentialFields: defaults(),
		});
		expect(list.error).toBeUndefined();
		expect(sent('sendChatMessageList')[0]).toMatchObject({
			chatname_id: defaults().defaultChatnameId,
			list_id: defaults().defaultListId,
		});
	});

	it('SMS > Send to List: sender name and subscriber list from the credential', async () => {
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendToList', {
				senderNameId: '',
				listId: '',
				sendAt: '2026-04-01T10:00:00',
			}),
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendSmsList')[0]).toMatchObject({
			alphaname_id: defaults().defaultSenderNameId,
			list_id: defaults().defaultListId,
		});
	});

	it('Send Batch (SMS and chat): the sender name of the mailings from the credential', async () => {
		const fromDefaults = { senderNameId: '', ...RECIPIENTS_FROM_PHONE_FIELD };
		const sms = await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendBatch', {
				...fromDefaults,
				callbackUrl: 'https://example.com/hook',
			}),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }],
			credentialFields: defaults(),
		});
		expect(sms.error).toBeUndefined();
		const chat = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendBatch', fromDefaults),
			items: [{ phone: '375291000001' }],
			credentialFields: defaults(),
		});
		expect(chat.error).toBeUndefined();
		const mailings = [...sent('sendBulkSms'), ...sent('sendBulkChat')].map(
			(body) => (body.messages as IDataObject[])[0],
		);
		expect(mailings.map((mailing) => mailing.alphaname_id)).toEqual([
			defaults().defaultSenderNameId,
			defaults().defaultSenderNameId,
		]);
	});
});
