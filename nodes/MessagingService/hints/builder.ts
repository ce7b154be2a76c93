import type { IBuilderHint } from 'n8n-workflow';

import { N8N_NODE_TYPES as N, PACKAGE_NODE_TYPES as OURS } from './nodeTypes';

/*
 * What n8n's AI Workflow Builder reads about each node (its node search prints `searchHint` and
 * `relatedNodes`). Names in backticks follow one convention, which test/docs/builderHints.test.ts
 * checks against the node descriptions: `resource.operation` (values, e.g. `sms.sendBatch`),
 * `parameter` or `parameter=value` (parameter names and option values), and node types with their
 * package (e.g. `n8n-nodes-base.wait`). Output fields are written in quotes, e.g. "token".
 */

export const actionNodeBuilderHint: IBuilderHint = {
	searchHint:
		'SMS, chat-app messages (text, image or button), one-time verification codes, chat replies and message templates of the messaging service. ' +
		'One message to one phone per input item: `sms.send` or `chatMessage.send`. ' +
		'Many recipients (one input item each, hundreds or thousands): `sms.sendBatch` or `chatMessage.sendBatch`, which gather all input items into few requests; do not loop `sms.send` over them. ' +
		'A stored subscriber list: `sms.sendToList` only creates a mailing; nothing is sent until `sms.confirmListMailing` with `confirmAction=confirm` (or `chatMessage.confirmListMailing`), which debits the balance. ' +
		'A sign-up code: `verificationCode.send` returns a "token" and `verificationCode.check` takes that `token` with the code the person typed, in a second execution (a second Webhook request), never in the same one. ' +
		'An answer from a person (approve, decline, free text): `sms.sendAndWait` or `chatMessage.sendAndWait`, not a Wait node. ' +
		'Phones may be written as people write them (+375 29 123-45-67). Usable as an AI Agent tool.',
	relatedNodes: [
		{
			nodeType: N.agent,
			relationHint:
				'Uses this node as a tool, e.g. `sms.send` to text a customer, or answers chat replies and sends the answer with `chatMessage.send`',
		},
		{
			nodeType: OURS.chatTrigger,
			relationHint:
				'Starts a chatbot turn when a customer replies to a chat mailing; answer with `chatMessage.send`',
		},
		{
			nodeType: OURS.callbackTrigger,
			relationHint:
				'Receives the outcome of `sms.sendBatch` and `chatMessage.sendBatch` at their `callbackUrl`',
		},
		{
			nodeType: N.webhook,
			relationHint:
				'Two Webhook requests carry a sign-up: the first runs `verificationCode.send`, the second `verificationCode.check`',
		},
		{
			nodeType: N.if,
			relationHint:
				'Routes on the "valid" output of `verificationCode.check`, which never fails on a wrong code',
		},
		{
			nodeType: N.wait,
			relationHint:
				'Waits a few minutes before `sms.getStatus` or `sms.getBatchStatus` reads the delivery; to wait for a person, use `sms.sendAndWait` instead',
		},
		{
			nodeType: N.dataTable,
			relationHint:
				'Holds an opt-out list to check before a send, or the recipients of `sms.sendBatch`',
		},
	],
};

export const replyTriggerBuilderHint: IBuilderHint = {
	searchHint:
		'Polling trigger (at most once a minute): one item per new reply to the chat mailings of the account, with the text in "chatInput" and the phone in "sessionId". ' +
		'For a chatbot or an AI Agent that answers customers, use the Messaging Service Chat Trigger (`n8n-nodes-messaging-service.messagingServiceChatTrigger`) instead: it starts within seconds and once per burst of messages. ' +
		'If this trigger feeds an AI Agent anyway, set `combineRepliesPerPhone` to true.',
	relatedNodes: [
		{
			nodeType: OURS.chatTrigger,
			relationHint:
				'The trigger to use for chatbots: seconds instead of a minute, one turn per burst',
		},
		{
			nodeType: OURS.action,
			relationHint: 'Answers a reply with `chatMessage.send` to the phone in "sessionId"',
		},
		{
			nodeType: N.agent,
			relationHint: 'Answers the replies; needs `combineRepliesPerPhone` on this trigger',
		},
	],
};

export const chatTriggerBuilderHint: IBuilderHint = {
	searchHint:
		'The trigger for chatbots on the messaging service: one execution per customer turn, within seconds after the customer stops typing (`quietWindowSeconds`), with the texts of the burst in "chatInput" and the phone in "sessionId", the fields that AI Agent and its memory read by default. ' +
		'Connect it to an AI Agent with a chat model and a memory, then send the agent\'s "output" with Messaging Service `chatMessage.send` to the phone in "sessionId" of this trigger. ' +
		'Prefer it to the polling Messaging Service Trigger for conversations. Only replies to chat mailings start it, not SMS. ' +
		'Its second output, "Opt-Outs, Opt-Ins and Help", carries the turns in which the customer asks to stop, to get messages again or for help ("consent": "optOut", "optIn" or "help", with "consentKeyword"; "optOut": true for an opt-out): connect the first output to the agent and the second to a Switch on "consent" that keeps the opted-out phones (a Data table upsert on "sessionId" for optOut, a delete for optIn) and answers help with your text, never to the agent.',
	relatedNodes: [
		{
			nodeType: N.agent,
			relationHint: 'Answers each turn; reads "chatInput" without configuration',
		},
		{
			nodeType: N.simpleMemory,
			relationHint: 'Remembers the conversation per phone ("sessionId"); one n8n process only',
		},
		{
			nodeType: N.redisMemory,
			relationHint: 'Memory per phone that survives restarts and works in queue mode',
		},
		{
			nodeType: N.postgresMemory,
			relationHint: 'Memory per phone that survives restarts and works in queue mode',
		},
		{ nodeType: OURS.action, relationHint: 'Sends the answer with `chatMessage.send`' },
	],
};

export const callbackTriggerBuilderHint: IBuilderHint = {
	searchHint:
		'Starts a workflow with the outcome of a batch sent by `sms.sendBatch` or `chatMessage.sendBatch`: their `callbackUrl` is the production URL of this trigger (SMS batches require one). One execution per chunk of a batch. ' +
		'It does not receive replies of customers: use the Messaging Service Chat Trigger for those.',
	relatedNodes: [
		{
			nodeType: OURS.action,
			relationHint:
				'Sends the batch with `sms.sendBatch` or `chatMessage.sendBatch`, whose `callbackUrl` points here',
		},
		{
			nodeType: OURS.chatTrigger,
			relationHint: 'Receives the replies of customers, which this trigger does not',
		},
	],
};

export const deliveryTriggerBuilderHint: IBuilderHint = {
	searchHint:
		'Polling trigger (at most once a minute): one item per message and status when a watched message is delivered, read, fails or does not reach its status within `timeLimit` minutes ("event": "delivered", "read", "failed", "timedOut" or "otherStatus"; "phone", "messageId", "channel"). ' +
		'`watch=sentHere` watches what Messaging Service `chatMessage.send`, `sms.send` and the send-to-list operations send in this n8n; `watch=recentMailings` the mailings the service lists, also those sent elsewhere. ' +
		'For "send an SMS when the chat message is not read within an hour": `events` read and timedOut with `timeLimit` 60, then an If on "event" equal to "timedOut" and `sms.send` to "phone". Do not poll a status operation in a loop with a Wait node.',
	relatedNodes: [
		{
			nodeType: OURS.action,
			relationHint:
				'Sends the messages it watches, and the fallback (`sms.send` to "phone" when "event" is "timedOut")',
		},
		{
			nodeType: N.if,
			relationHint: 'Routes on "event" (delivered, read, failed, timedOut, otherStatus)',
		},
	],
};
