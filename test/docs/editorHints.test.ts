import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';
import { harnessNodeTypes } from '../harness/nodeTypes';

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
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: harnessNodeTypes });
	return (description.hints ?? [])
		.filter((hint) => workflow.expression.getSimpleParameterValue(node, hint.displayCondition, 'internal', {}) === true)
		.map((hint) => hint.message);
}

const action = new MessagingService().description;
const trigger = new MessagingServiceTrigger().description;
const link = (length: number) => `https://shop.example.com/${'a'.repeat(length - 'https://shop.example.com/'.length)}`;

describe('advice under the nodes in the editor', () => {
	const chatButton = { resource: 'chatMessage', operation: 'send', messageType: 'BUTTON', buttonCaption: 'Track' };

	it('a Button Link over 150 characters is flagged before the run, in Send, Send to List and Send Batch', () => {
		expect(shownHints(action, { ...chatButton, buttonLink: link(151) })).toEqual([expect.stringMatching(/longer than 150 characters/)]);
		expect(shownHints(action, { ...chatButton, operation: 'sendToList', buttonLink: link(200) })).toHaveLength(1);
		expect(shownHints(action, { resource: 'chatMessage', operation: 'sendBatch', contentType: 'button', buttonLink: link(151) })).toHaveLength(1);
		expect(shownHints(action, { resource: 'chatMessage', operation: 'sendBatch', messageType: 'personal', recipientsFrom: 'define', contentType: 'button', personalButtonLink: link(151) })).toHaveLength(1);
	});

	it('a Button Link of 150 characters, or a long link that is not a button, gets no advice', () => {
		expect(shownHints(action, { ...chatButton, buttonLink: link(150) })).toEqual([]);
		expect(shownHints(action, { ...chatButton, messageType: 'TEXT', buttonLink: link(151) })).toEqual([]);
		expect(shownHints(action, { resource: 'sms', operation: 'send' })).toEqual([]);
	});

	it('an image in a chat batch with a text per recipient is flagged; with one text for all it is not', () => {
		const batch = { resource: 'chatMessage', operation: 'sendBatch', contentType: 'image', imageUrl: 'https://example.com/a.jpg' };
		expect(shownHints(action, { ...batch, messageType: 'personal' })).toEqual([expect.stringMatching(/only with Message Type "Same Text for All"/)]);
		expect(shownHints(action, { ...batch, messageType: 'bulk' })).toEqual([]);
		expect(shownHints(action, batch)).toEqual([]);
	});

	it('the reply trigger points to the Chat Trigger and Combine Replies per Phone until that option is on', () => {
		expect(shownHints(trigger, {})).toEqual([expect.stringMatching(/Messaging Service Chat Trigger.*Combine Replies per Phone/)]);
		expect(shownHints(trigger, { options: { combineRepliesPerPhone: false } })).toHaveLength(1);
		expect(shownHints(trigger, { options: { combineRepliesPerPhone: true } })).toEqual([]);
	});

	it('every hint shows once, under the output, with a condition', () => {
		for (const hint of [...(action.hints ?? []), ...(trigger.hints ?? [])]) {
			expect([hint.location, typeof hint.displayCondition]).toEqual(['outputPane', 'string']);
		}
	});
});
