import type { INodeParameters } from 'n8n-workflow';

import { ITEM_PHONES, ITEM_VALUE as V, caseParams, shownValue, type BadItemCase } from '../../harness/badInputCase';
import { chatMailingsJson } from '../../harness/badInputSetup';

const PERSONAL_IMAGE_MAILING = {
	name: 'Pic',
	alphaname_id: '1001',
	message_type: 'personal',
	content: { type: 'image', image_url: 'https://cdn.example/1.png' },
	delivery_list: [{ phone: '375291000001', text: 'Hi' }],
};

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'sendBatch', rest);

/** Chat Message > Send Batch: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send Batch (JSON): image content in a personal mailing',
		field: 'Mailings (JSON)',
		method: 'sendBulkChat',
		parameters: chat({ buildFrom: 'json', messagesJson: V }),
		good: (e) => [chatMailingsJson(e.account), chatMailingsJson(e.account)],
		bad: JSON.stringify([PERSONAL_IMAGE_MAILING]),
		shown: shownValue(PERSONAL_IMAGE_MAILING),
	},
	{
		name: 'Send Batch (items): personal button link of 161 characters',
		field: 'Button Link',
		method: 'sendBulkChat',
		requests: ['sendBulkChat'],
		parameters: chat({ messageType: 'personal', contentType: 'button', imageUrl: 'https://cdn.example/1.png', buttonCaption: 'Open', personalText: 'Your offer', personalButtonLink: V }),
		good: () => ['https://shop.example/a', 'https://shop.example/b'],
		bad: `https://shop.example/${'x'.repeat(140)}`,
		sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
	},
] satisfies BadItemCase[];
