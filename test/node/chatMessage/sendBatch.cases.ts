import type { INodeParameters } from 'n8n-workflow';

import {
	ITEM_PHONES,
	ITEM_VALUE as V,
	caseParams,
	shownValue,
	type BadItemCase,
	type BadSettingCase,
} from '../../harness/badInputCase';
import { chatMailingsJson } from '../../harness/badInputSetup';

const PERSONAL_IMAGE_MAILING = {
	name: 'Pic',
	alphaname_id: '1001',
	message_type: 'personal',
	content: { type: 'image', image_url: 'https://cdn.example/1.png' },
	delivery_list: [{ phone: '375291000001', text: 'Hi' }],
};

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'sendBatch', rest);

/** Mailings as JSON: items 0 and 2 carry a good batch; item 1 `mailing` (shown as the node shows it), refused for `rule`. */
const jsonMailing = (name: string, mailing: object, rule: RegExp): BadItemCase => ({
	name,
	field: 'Mailings (JSON)',
	method: 'sendBulkChat',
	parameters: chat({ buildFrom: 'json', messagesJson: V }),
	good: (e) => [chatMailingsJson(e.account), chatMailingsJson(e.account)],
	bad: JSON.stringify([mailing]),
	shown: shownValue(mailing),
	says: [/ in item \d+: mailing 1 \(messages\[0\]\)/, rule],
});
const BUTTON = { type: 'button', image_url: 'https://c.example/i.png', caption: 'Go' };
/** A personal button mailing built from the items, each recipient's link from its item: one request for the good items. */
const linkFromItems = {
	field: 'Button Link',
	method: 'sendBulkChat',
	requests: ['sendBulkChat'],
	parameters: chat({
		messageType: 'personal',
		contentType: 'button',
		imageUrl: 'https://cdn.example/1.png',
		buttonCaption: 'Open',
		personalText: 'Your offer',
		personalButtonLink: V,
	}),
	good: () => ['https://shop.example/a', 'https://shop.example/b'],
	sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
};

/** Chat Message > Send Batch: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	jsonMailing(
		'Send Batch (JSON): image content in a personal mailing',
		PERSONAL_IMAGE_MAILING,
		/image content is allowed only in a "bulk" mailing/,
	),
	jsonMailing(
		'Send Batch (JSON): a bulk button link of 151 characters',
		{
			name: 'M',
			alphaname_id: '1001',
			message_type: 'bulk',
			content: { ...BUTTON, text: 't', button_link: `https://s.example/${'y'.repeat(133)}` },
			delivery_list: ['375291234567'],
		},
		/151 characters long, at most 150/,
	),
	jsonMailing(
		'Send Batch (JSON): a personal button without per-recipient links',
		{
			name: 'M',
			alphaname_id: '1001',
			message_type: 'personal',
			content: BUTTON,
			delivery_list: [{ phone: '375291234567', text: 'a' }],
		},
		/needs each delivery_list entry's "button_link"/,
	),
	{
		...linkFromItems,
		name: 'Send Batch (items): personal button link of 161 characters',
		bad: `https://shop.example/${'x'.repeat(140)}`,
	},
	{
		...linkFromItems,
		name: 'Send Batch (items): personal button link of 151 characters',
		bad: `https://s.example/${'x'.repeat(151 - 'https://s.example/'.length)}`,
		says: [/: the link has 151 characters, at most 150/],
	},
] satisfies BadItemCase[];

/** Settings that refuse the whole mailing: nothing is sent. */
export const badSettings = [
	{
		name: 'Send Batch (items): image content in a personal mailing',
		field: 'Content',
		parameters: chat({
			messageType: 'personal',
			contentType: 'image',
			imageUrl: 'https://cdn.example.com/i.png',
			personalText: 'x',
		}),
		says: [/^Invalid Content "Image" in item 0: an image mailing/],
		asOne: true,
	},
] satisfies BadSettingCase[];
