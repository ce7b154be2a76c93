import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../sandbox';
import type { ChatCase } from './badInput';
import { byId, params } from './params';
import type { SandboxFixture } from './sandbox';

export const PHONES = ['375291234567', '375291234568', '375291234569'];

/** The bad-input cases of the Chat Message operations; item 1 of three is bad. */
export function chatBadInputCases(fixture: SandboxFixture): Record<'send' | 'sendToList' | 'getMailing', ChatCase[]> {
	const PNG = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64',
	);
	const LINK_150 = `https://s.example/${'a'.repeat(150 - 'https://s.example/'.length)}`;
	const LINK_151 = `${LINK_150}b`;

	const send = (overrides: INodeParameters) => params(fixture.account, 'chatMessage', 'send', { phone: '={{ $json.phone }}', ...overrides });
	const toList = (overrides: INodeParameters) => params(fixture.account, 'chatMessage', 'sendToList', { message: '={{ $json.text }}', ...overrides });
	/** Each item is one sendQuickChatMessage, told by its phone; one sendChatMessageList, told by its text ("t1": item 1). */
	const QUICK_MESSAGE = { apiMethod: 'sendQuickChatMessage', itemOf: (request: LoggedRequest) => PHONES.indexOf(String(request.body?.phone)) };
	const LIST_MESSAGE = {
		apiMethod: 'sendChatMessageList',
		itemOf: (request: LoggedRequest) => Number(String(request.body?.message).slice(1)),
	};
	const jsonItems = (...json: IDataObject[]) => json.map((value, index) => ({ json: { phone: PHONES[index], ...value } }));
	const photo = (mimeType = 'image/png') => ({ photo: { data: PNG.toString('base64'), mimeType, fileName: 'p.png' } });

	return {
		send: [
			{
				title: 'button link of 151 characters',
				parameters: () => send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: '={{ $json.link }}' }),
				items: () => jsonItems({ link: LINK_150 }, { link: LINK_151 }, { link: 'https://s.example/ok' }),
				field: 'Button Link',
				...QUICK_MESSAGE,
			},
			{
				title: 'BUTTON without a link',
				parameters: () => send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: '={{ $json.link }}' }),
				items: () => jsonItems({ link: 'https://s.example/1' }, { link: '' }, { link: 'https://s.example/2' }),
				field: 'Button Link',
				...QUICK_MESSAGE,
			},
			{
				title: 'BUTTON without a caption',
				parameters: () =>
					send({
						messageType: 'BUTTON',
						buttonCaption: '={{ $json.caption }}',
						buttonLink: 'https://s.example/1',
					}),
				items: () => jsonItems({ caption: 'Open' }, { caption: '  ' }, { caption: 'Open' }),
				field: 'Button Caption',
				...QUICK_MESSAGE,
			},
			{
				title: 'IMAGE without a source',
				parameters: () => send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: '={{ $json.url }}' }),
				items: () => jsonItems({ url: 'https://cdn.example/1.png' }, { url: '' }, { url: 'https://cdn.example/2.png' }),
				field: 'Image URL',
				...QUICK_MESSAGE,
			},
			{
				title: 'IMAGE with a link that is not http(s)',
				parameters: () => send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: '={{ $json.url }}' }),
				items: () =>
					jsonItems({ url: 'https://cdn.example/1.png' }, { url: 'cdn.example/2.png' }, { url: 'http://cdn.example/3.png' }),
				field: 'Image URL',
				...QUICK_MESSAGE,
			},
			{
				title: 'binary property missing',
				parameters: () => send({ messageType: 'IMAGE', imageSource: 'binary', binaryPropertyName: 'photo' }),
				items: () => [
					{ json: { phone: PHONES[0] }, binary: photo() },
					{ json: { phone: PHONES[1] }, binary: { other: photo().photo } },
					{ json: { phone: PHONES[2] }, binary: photo() },
				],
				field: 'Input Binary Field',
				...QUICK_MESSAGE,
			},
			{
				title: 'binary file that is not an image',
				parameters: () => send({ messageType: 'IMAGE', imageSource: 'binary', binaryPropertyName: 'photo' }),
				items: () => [
					{ json: { phone: PHONES[0] }, binary: photo() },
					{ json: { phone: PHONES[1] }, binary: photo('application/pdf') },
					{ json: { phone: PHONES[2] }, binary: photo() },
				],
				field: 'Input Binary Field',
				...QUICK_MESSAGE,
			},
			{
				title: 'template ID that does not exist',
				parameters: () =>
					send({
						messageType: 'TEXT',
						messageFrom: 'template',
						messageTemplate: byId('={{ $json.template }}'),
					}),
				items: () => jsonItems({ template: '4001' }, { template: '4999' }, { template: '4002' }),
				field: 'Template',
				...QUICK_MESSAGE,
			},
			{
				title: 'phone number too short',
				parameters: () => send({ phone: '={{ $json.number }}', messageType: 'TEXT', message: 'Hi' }),
				items: () => [{ json: { number: PHONES[0] } }, { json: { number: '12-34' } }, { json: { number: PHONES[2] } }],
				field: 'Phone',
				...QUICK_MESSAGE,
			},
			{
				title: 'forwarding time below 5 minutes',
				parameters: () =>
					send({
						messageType: 'TEXT',
						message: 'Hi',
						options: { forwardAsSms: true, forwardingTime: '={{ $json.minutes }}' },
					}),
				items: () => jsonItems({ minutes: 5 }, { minutes: 3 }, { minutes: 60 }),
				field: 'Forward After (Minutes)',
				...QUICK_MESSAGE,
			},
			{
				title: 'chat sender ID that is not a number',
				parameters: () => send({ chatnameId: '={{ $json.sender }}', messageType: 'TEXT', message: 'Hi' }),
				items: () => jsonItems({ sender: '2001' }, { sender: 'DemoShopChat' }, { sender: '2002' }),
				field: 'Chat Sender ID',
				...QUICK_MESSAGE,
			},
			{
				title: 'typed text left empty',
				parameters: () => send({ messageType: 'TEXT', message: '={{ $json.text }}' }),
				items: () => jsonItems({ text: 'Hi' }, { text: '' }, { text: 'Hey' }),
				field: 'Message',
				...QUICK_MESSAGE,
			},
		],
		sendToList: [
			{
				title: 'list send with a schedule that is not a date',
				parameters: () => toList({ options: { sendAt: '={{ $json.at }}' } }),
				items: () => [
					{ json: { text: 't0', at: '2026-04-01T10:00:00' } },
					{ json: { text: 't1', at: 'next tuesday' } },
					{ json: { text: 't2', at: '2026-04-02T10:00:00' } },
				],
				field: 'Send At',
				...LIST_MESSAGE,
			},
			{
				title: 'list send with a list ID that is not a number',
				parameters: () => toList({ listId: '={{ $json.list }}' }),
				items: () => [
					{ json: { text: 't0', list: '3001' } },
					{ json: { text: 't1', list: 'Customers' } },
					{ json: { text: 't2', list: '3002' } },
				],
				field: 'Subscriber List ID',
				...LIST_MESSAGE,
			},
		],
		getMailing: [
			{
				title: 'mailing ID that is not a number (Get Mailing)',
				parameters: () => params(fixture.account, 'chatMessage', 'getMailing', { messageId: '={{ $json.id }}' }),
				items: () => [{ json: { id: 'ID0' } }, { json: { id: 'abc' } }, { json: { id: 'ID2' } }],
				field: 'Mailing',
				apiMethod: 'getChatMessageData',
				itemOf: () => -1, // replaced in the test, once the good items have real ids
			},
		],
	};
}
