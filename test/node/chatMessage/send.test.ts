import { createHash } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { itRefusesBadItems, itRefusesUnknownTemplates } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { fromList, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

// A 1x1 PNG.
const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
);

/** To a phone written as people write it. */
const send = (overrides: INodeParameters) =>
	params(fixture.account, 'chatMessage', 'send', { phone: '+375 (29) 123-45-67', ...overrides });

/** What sendQuickChatMessage receives for that phone from the first chat sender, and this content. */
const sentBody = (content: IDataObject) => ({
	token: TEST_API_KEY,
	chatname_id: String(fixture.account.chatnameIds[0]),
	phone: '375291234567',
	...content,
});

describe('Chat Message > Send', () => {
	it('sends a TEXT message as a form, with the key in the form body, and outputs the message id', async () => {
		const { items, requests } = await fixture.runOk({
			parameters: send({ messageType: 'TEXT', message: 'Hello there' }),
		});
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/sendQuickChatMessage',
			bodyType: 'form',
			status: 200,
		});
		expect(request.query).toEqual({});
		expect(request.body).toEqual(sentBody({ type_message: 'TEXT', message: 'Hello there' }));
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ message_id: expect.any(Number) });
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(fixture.sandbox.counters().sent).toEqual([
			expect.objectContaining({
				channel: 'chat',
				phone: '375291234567',
				text: 'Hello there',
				count: 1,
			}),
		]);
	});

	it('sends the text of a stored template (Message From: Template)', async () => {
		const templateId = fixture.account.templateIds[1];
		const {
			items,
			requests: [lookup, sent],
		} = await fixture.runOk({
			parameters: send({
				messageType: 'TEXT',
				messageFrom: 'template',
				messageTemplate: fromList(templateId),
			}),
		});
		expect(lookup).toMatchObject({
			path: '/api/v2/getTemplateMessageById',
			query: { template_id: String(templateId) },
		});
		expect(sent.apiMethod).toBe('sendQuickChatMessage');
		// the seeded "Order shipped" template
		expect(sent.body).toMatchObject({
			type_message: 'TEXT',
			message: 'Your order has been shipped and will arrive within 3 days.',
		});
		expect(items[0].json.message_id).toEqual(expect.any(Number));
	});

	it('sends an IMAGE from a URL as image_url, without a file', async () => {
		const { request } = await fixture.runOk({
			parameters: send({
				messageType: 'IMAGE',
				imageSource: 'url',
				imageUrl: 'https://cdn.example.com/a.jpg',
			}),
		});
		expect(request.bodyType).toBe('form');
		expect(request.files).toEqual([]);
		expect(request.body).toMatchObject({
			type_message: 'IMAGE',
			image_url: 'https://cdn.example.com/a.jpg',
		});
		expect(request.body).not.toHaveProperty('message');
	});

	it('uploads an IMAGE from binary data as the multipart "image" file', async () => {
		const { items, request } = await fixture.runOk({
			parameters: send({
				messageType: 'IMAGE',
				imageSource: 'binary',
				binaryPropertyName: 'photo',
			}),
			items: [
				{
					json: { name: 'with photo' },
					binary: {
						photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'dot.png' },
					},
				},
			],
		});
		expect(request).toMatchObject({
			path: '/api/v2/sendQuickChatMessage',
			bodyType: 'multipart',
			status: 200,
		});
		expect(request.body).toEqual(sentBody({ type_message: 'IMAGE' }));
		expect(request.files).toEqual([
			expect.objectContaining({
				field: 'image',
				filename: 'dot.png',
				contentType: 'image/png',
				size: PNG.length,
				sha256: createHash('sha256').update(PNG).digest('hex'),
			}),
		]);
		expect(items[0].json).toEqual({ message_id: expect.any(Number) });
	});

	it('sends a BUTTON with caption, link and image URL, and no text', async () => {
		const { request } = await fixture.runOk({
			parameters: send({
				messageType: 'BUTTON',
				buttonCaption: 'Track order',
				buttonLink: 'https://shop.example.com/o/1',
				imageSource: 'url',
				imageUrl: 'https://cdn.example.com/b.png',
			}),
		});
		expect(request.body).toEqual(
			sentBody({
				type_message: 'BUTTON',
				button: 'Track order',
				button_link: 'https://shop.example.com/o/1',
				image_url: 'https://cdn.example.com/b.png',
			}),
		);
	});

	it('sends a BUTTON without an image when Image Source is None', async () => {
		const { request } = await fixture.runOk({
			parameters: send({
				messageType: 'BUTTON',
				buttonCaption: 'Open',
				buttonLink: 'https://x.example/1',
			}),
		});
		expect(request.body).not.toHaveProperty('image_url');
		expect(request.files).toEqual([]);
	});

	it('turns on forwarding as SMS with its time and sender, and the SMS goes out when the chat is not delivered', async () => {
		const alphanameId = String(fixture.account.alphanameIds[1]);
		fixture.sandbox.setUnreachable(TEST_API_KEY, '375291234567', 'chat');
		const { request } = await fixture.runOk({
			parameters: send({
				messageType: 'TEXT',
				message: 'Your code is ready',
				options: { forwardAsSms: true, forwardingTime: 5, senderNameId: alphanameId },
			}),
		});
		expect(request.body).toMatchObject({
			forwarding_message: '1',
			forwarding_time: '5',
			alphaname_id: alphanameId,
		});

		fixture.sandbox.advanceClock(5 * 60 + 1);
		expect(fixture.sandbox.counters().sent).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					channel: 'sms',
					phone: '375291234567',
					text: 'Your code is ready',
				}),
			]),
		);
	});

	it('sends one message per input item, each output paired to its item', async () => {
		const { items, error } = await fixture.run({
			parameters: send({
				messageType: 'TEXT',
				message: '={{ "Hi " + $json.name }}',
				phone: '={{ $json.phone }}',
			}),
			items: [
				{ name: 'Ann', phone: '375291234567' },
				{ name: 'Bob', phone: '375291234568' },
				{ name: 'Cid', phone: '375291234569' },
			],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const texts = fixture.sandbox
			.requests()
			.map((request) => `${String(request.body?.phone)}:${String(request.body?.message)}`)
			.sort();
		expect(texts).toEqual(['375291234567:Hi Ann', '375291234568:Hi Bob', '375291234569:Hi Cid']);
	});
});

describe('Chat Message > Send: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.send);
	itRefusesUnknownTemplates(fixture, badInputTable.unknownTemplates.chatMessage.send);
});
