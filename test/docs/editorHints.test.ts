import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';
import { harnessNodeTypes } from '../harness/nodeTypes';
import { countSmsParts } from '../../nodes/MessagingService/smsText/smsParts';
import { smsCorpus } from '../node/sms/smsCorpus';

/**
 * The advice the n8n editor shows under a node (`hints`), each with its display condition
 * evaluated by n8n's expression engine as the editor does before a run (parameters only).
 */

function shownHints(description: INodeTypeDescription, parameters: INodeParameters): string[] {
	const node: INode = {
		id: '1',
		name: 'Node',
		type: `n8n-nodes-messaging-service.${description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: harnessNodeTypes,
	});
	return (description.hints ?? [])
		.filter(
			(hint) =>
				workflow.expression.getSimpleParameterValue(node, hint.displayCondition, 'internal', {}) ===
				true,
		)
		.map((hint) => hint.message);
}

const action = new MessagingService().description;
const trigger = new MessagingServiceTrigger().description;
const link = (length: number) =>
	`https://shop.example.com/${'a'.repeat(length - 'https://shop.example.com/'.length)}`;

describe('advice under the nodes in the editor', () => {
	const chatButton = {
		resource: 'chatMessage',
		operation: 'send',
		messageType: 'BUTTON',
		buttonCaption: 'Track',
	};

	it('a Button Link over 150 characters is flagged before the run, in Send, Send to List and Send Batch', () => {
		expect(shownHints(action, { ...chatButton, buttonLink: link(151) })).toEqual([
			expect.stringMatching(/longer than 150 characters/),
		]);
		expect(
			shownHints(action, { ...chatButton, operation: 'sendToList', buttonLink: link(200) }),
		).toHaveLength(1);
		expect(
			shownHints(action, {
				resource: 'chatMessage',
				operation: 'sendBatch',
				contentType: 'button',
				buttonLink: link(151),
			}),
		).toHaveLength(1);
		expect(
			shownHints(action, {
				resource: 'chatMessage',
				operation: 'sendBatch',
				messageType: 'personal',
				recipientsFrom: 'define',
				contentType: 'button',
				personalButtonLink: link(151),
			}),
		).toHaveLength(1);
	});

	it('a Button Link of 150 characters, or a long link that is not a button, gets no advice', () => {
		expect(shownHints(action, { ...chatButton, buttonLink: link(150) })).toEqual([]);
		expect(
			shownHints(action, { ...chatButton, messageType: 'TEXT', buttonLink: link(151) }),
		).toEqual([]);
		expect(shownHints(action, { resource: 'sms', operation: 'send' })).toEqual([]);
	});

	it('an image in a chat batch with a text per recipient is flagged; with one text for all it is not', () => {
		const batch = {
			resource: 'chatMessage',
			operation: 'sendBatch',
			contentType: 'image',
			imageUrl: 'https://example.com/a.jpg',
		};
		expect(shownHints(action, { ...batch, messageType: 'personal' })).toEqual([
			expect.stringMatching(/only with Message Type "Same Text for All"/),
		]);
		expect(shownHints(action, { ...batch, messageType: 'bulk' })).toEqual([]);
		expect(shownHints(action, batch)).toEqual([]);
	});

	it('the reply trigger points to the Chat Trigger and Combine Replies per Phone until that option is on', () => {
		expect(shownHints(trigger, {})).toEqual([
			expect.stringMatching(/Messaging Service Chat Trigger.*Combine Replies per Phone/),
		]);
		expect(shownHints(trigger, { options: { combineRepliesPerPhone: false } })).toHaveLength(1);
		expect(shownHints(trigger, { options: { combineRepliesPerPhone: true } })).toEqual([]);
	});

	it('every hint shows once, under the output, with a condition', () => {
		for (const hint of [...(action.hints ?? []), ...(trigger.hints ?? [])]) {
			expect([hint.location, typeof hint.displayCondition]).toEqual(['outputPane', 'string']);
		}
	});
});

describe('SMS parts in the editor', () => {
	const sms = (operation: string, parameters: INodeParameters) =>
		shownHints(action, { resource: 'sms', operation, ...parameters });

	it('says the parts and encoding of a typed text, and the look-alike that makes it UCS-2', () => {
		expect(sms('send', { message: `${'a'.repeat(100)} don’t miss it` })).toEqual([
			expect.stringMatching(
				/^UCS-2 because of ’ \(typographic apostrophe\).*Prefer GSM-7 sends ' instead/,
			),
			expect.stringMatching(/^2 parts, UCS-2 \(67 characters per part\)/),
		]);
		expect(sms('send', { message: 'a'.repeat(161) })).toEqual([
			expect.stringMatching(/^2 parts, GSM-7 \(153 characters per part\)/),
		]);
		expect(sms('sendToList', { message: `${'a'.repeat(152)}€${'a'.repeat(152)}` })).toEqual([
			expect.stringMatching(/^3 parts, GSM-7/),
		]);
		expect(sms('sendBatch', { text: 'б'.repeat(1000) })).toEqual([
			expect.stringMatching(/^More than 4 parts, UCS-2/),
		]);
		expect(sms('createMessage', { message: '😀'.repeat(36) })).toEqual([
			expect.stringMatching(/^2 parts, UCS-2/),
		]);
	});

	it('counts as the node does with Prefer GSM-7 on, and stays quiet for one part or a template', () => {
		const text = `${'a'.repeat(100)} – don’t miss it…`;
		expect(sms('send', { message: text, options: { preferGsm7: true } })).toEqual([]);
		expect(sms('send', { message: 'Your order has shipped' })).toEqual([]);
		expect(sms('send', { messageFrom: 'template', message: 'a'.repeat(400) })).toEqual([]);
		expect(sms('sendBatch', { messageType: 'personal', text: 'a'.repeat(400) })).toEqual([]);
	});

	it('the editor counts the parts of 2,000 corpus texts as the node does', () => {
		for (const { text } of smsCorpus(2_000, 7)) {
			const { parts, encoding } = countSmsParts(text);
			const shown = sms('send', { message: text }).filter((message) =>
				/^(\d+|More than 4) parts/.test(message),
			);
			expect([text, shown]).toEqual([
				text,
				parts === 1
					? []
					: [
							expect.stringMatching(
								new RegExp(`^${parts > 4 ? 'More than 4' : parts} parts, ${encoding} `),
							),
						],
			]);
		}
	});

	it('no condition holds a "}}" that would end its expression early', () => {
		for (const hint of action.hints ?? [])
			expect(hint.displayCondition?.slice(3, -2)).not.toContain('}}');
	});
});
