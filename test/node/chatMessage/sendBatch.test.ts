import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { itRefusesBadItems, itRefusesBadSettings } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { batchMailing } from '../../harness/direct';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { signedCallback } from '../../harness/signedCallback';

const fixture = useSandbox();

/** What a personal button mailing sends to `people`: each one's own text and link. */
const SENT_TEXTS_AND_LINKS = [
	{ phone: '375291234567', text: 'Hi Ann', button_link: 'https://s.example/a' },
	{ phone: '375291234568', text: 'Hi Bob', button_link: 'https://s.example/b' },
	{ phone: '375291234569', text: 'Hi Cid', button_link: 'https://s.example/c' },
];

const people = [
	{ phone: '+375 29 123-45-67', text: 'Hi Ann', link: 'https://s.example/a' },
	{ phone: '375291234568', text: 'Hi Bob', link: 'https://s.example/b' },
	{ phone: '375291234569', text: 'Hi Cid', link: 'https://s.example/c' },
];

const batch = (overrides: INodeParameters) =>
	params(fixture.account, 'chatMessage', 'sendBatch', overrides);

/** A personal button mailing (one image and caption); TEXT_AND_LINK_FROM_ITEMS reads each recipient's own text and link. */
const PERSONAL_BUTTON = {
	messageType: 'personal',
	contentType: 'button',
	imageUrl: 'https://cdn.example.com/btn.png',
	buttonCaption: 'Open',
};
const TEXT_AND_LINK_FROM_ITEMS = {
	personalText: '={{ $json.text }}',
	personalButtonLink: '={{ $json.link }}',
};
const jsonMailings = (messagesJson: string) =>
	params(fixture.account, 'chatMessage', 'sendBatch', { buildFrom: 'json', messagesJson });

describe('Chat Message > Send Batch', () => {
	it('gathers the input items into one bulk text mailing: one JSON request, key in query and body, output paired to all items', async () => {
		const { items, requests } = await fixture.runOk({
			parameters: batch({ messageType: 'bulk', contentType: 'text', chatText: 'Sale today' }),
			items: people,
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/sendBulkChat',
			bodyType: 'json',
			status: 200,
		});
		expect(requests[0].query).toEqual({ token: TEST_API_KEY });
		expect(requests[0].body).toEqual({
			token: TEST_API_KEY,
			messages: [
				batchMailing(fixture.account, 'Spring', {
					content: { type: 'text', text: 'Sale today' },
					delivery_list: ['375291234567', '375291234568', '375291234569'],
				}),
			],
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
			success: 'OK',
			recipients: 3,
		});
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(fixture.sandbox.counters().messagesSent).toBe(3);
	});

	it("sends a personal button mailing with each recipient's own text and link, and the callback URL", async () => {
		const { request } = await fixture.runOk({
			parameters: batch({
				...PERSONAL_BUTTON,
				...TEXT_AND_LINK_FROM_ITEMS,
				callbackUrl: 'http://127.0.0.1:9/cb',
			}),
			items: people,
		});
		expect(request.body).toEqual({
			token: TEST_API_KEY,
			callback_url: signedCallback('http://127.0.0.1:9/cb', 1, 1),
			messages: [
				batchMailing(fixture.account, 'Spring', {
					message_type: 'personal',
					content: {
						type: 'button',
						image_url: 'https://cdn.example.com/btn.png',
						caption: 'Open',
					},
					delivery_list: SENT_TEXTS_AND_LINKS,
				}),
			],
		});
	});

	it("takes each recipient's phone, text and link from the fields of its item (the default)", async () => {
		const fromFields: IDataObject = batch(PERSONAL_BUTTON);
		delete fromFields.recipientsFrom;
		delete fromFields.recipientPhone;
		const { request } = await fixture.runOk({ parameters: fromFields, items: people });
		expect(
			(request.body as { messages: Array<Record<string, unknown>> }).messages[0].delivery_list,
		).toEqual(SENT_TEXTS_AND_LINKS);
	});

	it('sends a bulk image mailing and a bulk button mailing with text and link in the content', async () => {
		await fixture.run({
			parameters: batch({
				messageType: 'bulk',
				contentType: 'image',
				imageUrl: 'https://cdn.example.com/i.png',
			}),
			items: people.slice(0, 1),
		});
		await fixture.run({
			parameters: batch({
				messageType: 'bulk',
				contentType: 'button',
				chatText: 'Look',
				imageUrl: 'https://cdn.example.com/i.png',
				buttonCaption: 'Go',
				buttonLink: 'https://s.example/go',
			}),
			items: people.slice(0, 1),
		});
		const [image, button] = fixture.sandbox.requests();
		expect(image.status).toBe(200);
		expect((image.body as { messages: Array<{ content: unknown }> }).messages[0].content).toEqual({
			type: 'image',
			image_url: 'https://cdn.example.com/i.png',
		});
		expect(button.status).toBe(200);
		expect((button.body as { messages: Array<{ content: unknown }> }).messages[0].content).toEqual({
			type: 'button',
			image_url: 'https://cdn.example.com/i.png',
			caption: 'Go',
			button_link: 'https://s.example/go',
			text: 'Look',
		});
	});

	it('splits the recipients into chunks, one request per chunk, each output paired to its items', async () => {
		const { items, error } = await fixture.run({
			parameters: batch({
				messageType: 'bulk',
				contentType: 'text',
				chatText: 'Hi',
				options: { chunkSize: 2 },
			}),
			items: people,
		});
		expect(error).toBeUndefined();
		const names = fixture.sandbox
			.requests()
			.map(
				(request) =>
					(request.body as { messages: Array<{ name: string; delivery_list: string[] }> })
						.messages[0],
			);
		expect(names.map((m) => [m.name, m.delivery_list.length])).toEqual([
			['Spring (part 1 of 2)', 2],
			['Spring (part 2 of 2)', 1],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }],
			[{ item: 2 }],
		]);
	});

	it('sends mailings given as JSON, one request per item', async () => {
		const messages = [
			batchMailing(fixture.account, 'Json', {
				content: { type: 'text', text: 'From JSON' },
				delivery_list: ['+375 29 123 45 67'],
			}),
		];
		const { items, request } = await fixture.runOk({
			parameters: jsonMailings(JSON.stringify(messages)),
		});
		expect(request.body).toEqual({
			token: TEST_API_KEY,
			messages: [{ ...messages[0], delivery_list: ['375291234567'] }],
		});
		expect(items[0].json).toMatchObject({ uuid: expect.any(String), success: 'OK' });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('Chat Message > Send Batch: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.sendBatch);
	itRefusesBadSettings(fixture, badInputTable.badSettings.chatMessage.sendBatch);
});
