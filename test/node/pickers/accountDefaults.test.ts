import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';

/** Sender name, chat sender and subscriber list left empty in a node take the credential's defaults. */

const fixture = useSandbox();

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
			parameters: { resource: 'sms', operation: 'send', senderNameId: '', phone: '={{ $json.phone }}', message: 'Hi' },
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: '375291000003' }],
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendQuickSMS').map((request) => request.alphaname_id)).toEqual(Array(3).fill(defaults().defaultSenderNameId));
		expect(credentialReads).toBe(1);
	});

	it('a field that is filled wins over the default', async () => {
		const own = String(fixture.account.alphanameIds[0]);
		const { error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'send', senderNameId: own, phone: '375291000001', message: 'Hi' },
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendQuickSMS')[0].alphaname_id).toBe(own);
	});

	it('empty field and no default: refused before any request, saying where to set one', async () => {
		const { error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'send', phone: '375291000001', messageType: 'TEXT', message: 'Hi' },
		});
		expect(error?.message).toBe(
			'Invalid Chat Sender ID empty in item 0: enter an ID, or set "Default Chat Sender ID" in the credential for the account\'s usual one',
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('a default that is not an ID is refused, naming the credential field', async () => {
		const { error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'send', phone: '375291000001', messageType: 'TEXT', message: 'Hi' },
			credentialFields: { defaultChatnameId: 'DemoSupport' },
		});
		expect(error?.message).toMatch(/^Invalid Chat Sender ID "DemoSupport" in item 0: the credential's "Default Chat Sender ID" is not an ID/);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('Chat Message > Send and Send to List: chat sender and subscriber list from the credential', async () => {
		const chat = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'send', phone: '375291000001', messageType: 'TEXT', message: 'Hi' },
			credentialFields: defaults(),
		});
		expect(chat.error).toBeUndefined();
		expect(sent('sendQuickChatMessage')[0].chatname_id).toBe(defaults().defaultChatnameId);

		const list = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'sendToList', messageType: 'TEXT', message: 'Hi' },
			credentialFields: defaults(),
		});
		expect(list.error).toBeUndefined();
		expect(sent('sendChatMessageList')[0]).toMatchObject({ chatname_id: defaults().defaultChatnameId, list_id: defaults().defaultListId });
	});

	it('SMS > Send to List: sender name and subscriber list from the credential', async () => {
		const { error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'sendToList', mailingName: 'April', message: 'Hi', sendAt: '2026-04-01T10:00:00' },
			credentialFields: defaults(),
		});
		expect(error).toBeUndefined();
		expect(sent('sendSmsList')[0]).toMatchObject({ alphaname_id: defaults().defaultSenderNameId, list_id: defaults().defaultListId });
	});

	it('Send Batch (SMS and chat): the sender name of the mailings from the credential', async () => {
		const common = { buildFrom: 'items', mailingName: 'Sale', messageType: 'bulk', recipientsFrom: 'fields', phoneField: 'phone' };
		const sms = await fixture.run({
			parameters: { resource: 'sms', operation: 'sendBatch', ...common, text: 'Hi', callbackUrl: 'https://example.com/hook' },
			items: [{ phone: '375291000001' }, { phone: '375291000002' }],
			credentialFields: defaults(),
		});
		expect(sms.error).toBeUndefined();
		const chat = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'sendBatch', ...common, contentType: 'text', chatText: 'Hi' },
			items: [{ phone: '375291000001' }],
			credentialFields: defaults(),
		});
		expect(chat.error).toBeUndefined();
		const mailings = [...sent('sendBulkSms'), ...sent('sendBulkChat')].map((body) => (body.messages as IDataObject[])[0]);
		expect(mailings.map((mailing) => mailing.alphaname_id)).toEqual([defaults().defaultSenderNameId, defaults().defaultSenderNameId]);
	});
});
