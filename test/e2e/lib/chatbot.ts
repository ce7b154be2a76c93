// What the chatbot end-to-end files share: the example chatbot workflow on the emulator's and
// the scripted model's credentials, the model's scripted answer, the conversation it was sent,
// and the customer's opening mailing.
import axios from 'axios';
import type { INode } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../../scripts/demo/examples';
import type { Sandbox } from '../../sandbox';
import { host } from './host';
import type { N8nClient } from './n8n-client';
import type { WorkflowData } from './n8n-types';
import type { ChatRequest, ScriptedChatModel } from './scripted-chat-model';

/** The example's trigger: the Send node answers the phone of its item (`$('New chat reply')`). */
export const CHATBOT_TRIGGER = 'New chat reply';

export function userTexts(request: ChatRequest): string[] {
	return request.messages
		.filter((message) => message.role === 'user')
		.map((message) => String(message.content));
}

export function assistantTexts(request: ChatRequest): string[] {
	return request.messages
		.filter((message) => message.role === 'assistant')
		.map((message) => String(message.content));
}

/** The scripted model's answer: the turn of the conversation, and the last thing the customer wrote. */
export function scriptedAnswer(request: ChatRequest): string {
	const asked = userTexts(request).at(-1) ?? '';
	return `Turn ${assistantTexts(request).length + 1}: "${asked.replace(/\n/g, ' / ')}"`;
}

/** What the business wrote first, the conversation's opening mailing. */
export const OPENING_TEXT = 'Hello from DemoShop! Any questions about your booking?';

/** What the workflow sent this customer (the test's opening mailing left out). */
export function answersTo(sandbox: Sandbox, phone: string): string[] {
	return sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'sendQuickChatMessage' &&
				request.status === 200 &&
				request.body?.phone === phone,
		)
		.map((request) => String(request.body?.message))
		.filter((message) => message !== OPENING_TEXT);
}

/** Sends the chat mailing a customer will answer, as the account's first chat sender; its ID. */
export async function openingMailing(
	sandbox: Sandbox,
	token: string,
	phone: string,
): Promise<number> {
	const chatnameId = String(sandbox.account(token).chatnameIds[0]);
	const opening = await axios.post(
		`${sandbox.url}/api/v2/sendQuickChatMessage`,
		new URLSearchParams({ token, chatname_id: chatnameId, phone, message: OPENING_TEXT }),
	);
	return Number((opening.data as { result: { message_id: number } }).result.message_id);
}

/** The trigger node put in the example's trigger's place (same name, so the Send node still finds it). */
export type TriggerReplacement = Pick<INode, 'type' | 'typeVersion' | 'parameters'>;

/**
 * examples/ai-chatbot.json (or `file`) as a user imports it, with the emulator's and the scripted
 * model's credentials (new ones, named after `label`), its trigger replaced when one is given.
 */
export async function chatbotWorkflow(
	client: N8nClient,
	setup: {
		label: string;
		sandbox: Sandbox;
		token: string;
		model: ScriptedChatModel;
		trigger?: TriggerReplacement;
		file?: string;
	},
): Promise<WorkflowData & { id: string }> {
	const file = setup.file ?? 'examples/ai-chatbot.json';
	const example = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === file);
	if (!example) throw new Error(`${file} is missing`);
	const messaging = await client.createCredential({
		name: `${setup.label}: Messaging Service (emulator)`,
		type: 'messagingServiceApi',
		data: { apiKey: setup.token, baseUrl: setup.sandbox.url, allowUnencryptedHttp: false },
	});
	const openAi = await client.createCredential({
		name: `${setup.label}: scripted model`,
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: setup.model.url },
	});
	const workflow = withCredential(example.workflow, messaging);
	const nodes = workflow.nodes.map((node): INode => {
		if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
			return { ...node, credentials: { openAiApi: { id: openAi.id, name: openAi.name } } };
		if (node.name === CHATBOT_TRIGGER && setup.trigger) return { ...node, ...setup.trigger };
		return node;
	});
	return await client.createWorkflow({
		...workflow,
		name: `${workflow.name} (${setup.label})`,
		nodes,
	});
}
