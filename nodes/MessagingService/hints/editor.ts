import type { NodeHint } from 'n8n-workflow';

import { BUTTON_LINK_MAX } from '../actions/shared/chatContent';
import { smsPartsEditorHints } from './smsParts';

/*
 * Advice the n8n editor shows under a node's output when its condition holds. A condition is an
 * n8n expression over the node's own parameters ($parameter); it cannot see the nodes around
 * this one, so "the trigger feeds an AI Agent" is stated in the message, not tested.
 */

const chatButton = '($parameter.messageType === "BUTTON" || $parameter.contentType === "button")';
const buttonLinkLength =
	'String($parameter.buttonLink ?? $parameter.personalButtonLink ?? "").trim().length';

export const actionNodeEditorHints: NodeHint[] = [
	{
		message: `The Button Link is longer than ${BUTTON_LINK_MAX} characters, which the service refuses: the node stops before sending. Use a shorter link, for example from a link shortener.`,
		type: 'warning',
		location: 'outputPane',
		whenToDisplay: 'always',
		displayCondition: `={{ $parameter.resource === "chatMessage" && ${chatButton} && ${buttonLinkLength} > ${BUTTON_LINK_MAX} }}`,
	},
	{
		message:
			'An image goes to every recipient alike, so the service accepts image content only with Message Type "Same Text for All". With "Own Text per Recipient" choose Text or Button content (a button carries an image too).',
		type: 'warning',
		location: 'outputPane',
		whenToDisplay: 'always',
		displayCondition:
			'={{ $parameter.resource === "chatMessage" && $parameter.operation === "sendBatch" && $parameter.messageType === "personal" && $parameter.contentType === "image" }}',
	},
	...smsPartsEditorHints,
];

export const replyTriggerEditorHints: NodeHint[] = [
	{
		message:
			"Answering these replies with an AI Agent? Use the Messaging Service Chat Trigger, which starts within seconds and once per burst of messages, or turn on Options > Combine Replies per Phone here: without it, a customer who writes three messages gets three answers, and the agent's memory reads only the first phone of an execution.",
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'always',
		displayCondition: '={{ $parameter.options?.combineRepliesPerPhone !== true }}',
	},
];
