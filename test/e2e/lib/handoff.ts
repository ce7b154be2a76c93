// What the human-handoff end-to-end files share: examples/ai-chatbot-with-handoff.json on the
// emulator's and the scripted model's credentials, a scripted model whose answers depend on what the
// Chat Trigger's item says, the person's side (the SMS with the page's link, the page's POST), and
// the workflow's turns by the trigger's output they came on.
import axios, { type AxiosResponse } from 'axios';
import type { IDataObject, INode } from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import { CHATBOT_TRIGGER, chatbotWorkflow, scriptedAnswer, userTexts } from './chatbot';
import type { N8nClient } from './n8n-client';
import { executionError } from './execution-data';
import type { ExecutionDetails, WorkflowData } from './n8n-types';
import {
	startScriptedChatModel,
	type ChatRequest,
	type ScriptedChatModel,
} from './scripted-chat-model';

export const HANDOFF_EXAMPLE = 'examples/ai-chatbot-with-handoff.json';
/** The person the example texts ("Text the person": +375 29 700-00-01). */
export const PERSON = '375297000001';
/** What the example's Hand Over tool tells the customer. */
export const HAND_OVER_MESSAGE = 'A colleague will answer you shortly.';
export const HAND_OVER_TOOL = 'Hand over to a person';
export const REASON = 'The customer asks for a person';

function systemText(request: ChatRequest): string {
	return request.messages
		.filter((message) => message.role === 'system')
		.map((message) => String(message.content))
		.join('\n');
}

/** What the agent's system message shows of `whileWithPerson` (the example's expression): the colleague's lines. */
export function colleagueLines(request: ChatRequest): string[] {
	return systemText(request)
		.split('\n')
		.filter((line) => line.startsWith('Colleague: '))
		.map((line) => line.slice('Colleague: '.length));
}

/**
 * The scripted model: it hands over (calls the tool) when the customer's last message asks for a
 * person; back from a person, its answer quotes the colleague's last answer that the trigger's
 * `whileWithPerson` carried into the system message; else the turn and the last message.
 */
export function handoffAnswer(request: ChatRequest): string {
	// the Hand Over tool's own message is among them (docs/chatbot.md, Handoff): the model quotes the person's own answer
	const colleague = colleagueLines(request).filter((line) => line !== HAND_OVER_MESSAGE);
	if (colleague.length > 0) return `Welcome back! Our colleague told you: "${colleague.at(-1)}"`;
	// a tool result of this turn (the memory keeps earlier turns' tool calls too)
	const lastUser = request.messages.map((message) => message.role).lastIndexOf('user');
	if (request.messages.slice(lastUser + 1).some((message) => message.role === 'tool'))
		return 'I have asked a colleague to take over.';
	return scriptedAnswer(request);
}

export const asksForPerson = (request: ChatRequest): boolean =>
	/\bperson\b/i.test(userTexts(request).at(-1) ?? '');

export async function startHandoffModel(): Promise<ScriptedChatModel> {
	return await startScriptedChatModel({ reason: REASON }, handoffAnswer, asksForPerson);
}

/** The example as a user imports it, on this run's credentials; `edit` changes nodes before it is saved. */
export async function handoffWorkflow(
	client: N8nClient,
	setup: {
		label: string;
		sandbox: Sandbox;
		token: string;
		model: ScriptedChatModel;
		edit?: (node: INode) => INode;
	},
): Promise<WorkflowData & { id: string }> {
	const created = await chatbotWorkflow(client, { ...setup, file: HANDOFF_EXAMPLE });
	if (!setup.edit) return created;
	await client.saveWorkflow(created.id, created.nodes.map(setup.edit));
	return { ...(await client.getWorkflow(created.id)) };
}

/** Sets parameters of one node of the example. */
export const withParameters =
	(name: string, parameters: IDataObject) =>
	(node: INode): INode =>
		node.name === name
			? { ...node, parameters: { ...node.parameters, ...parameters } as INode['parameters'] }
			: node;

/** A customer's message, as a reply to their newest chat mailing (what their chat app answers). */
export function customerWrites(
	sandbox: Sandbox,
	token: string,
	phone: string,
	text: string,
): string {
	const mailing = sandbox.newestChatMailings(token)[phone];
	if (mailing === undefined) throw new Error(`no chat mailing to ${phone} yet`);
	return sandbox.injectReply(token, { message_id: mailing, phone, message: text }).id;
}

/** The links of the pages texted to the person so far, oldest first. */
export function pagesSentToPerson(sandbox: Sandbox, token: string): string[] {
	return sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'sendQuickSMS' &&
				request.status === 200 &&
				request.token === token &&
				request.query.phone === PERSON,
		)
		.map((request) => String(request.query.message).split('\n').at(-1) ?? '');
}

/** The person answers a page: a typed text, or "Hand back to the bot". */
export async function answerPage(
	link: string,
	form: { text?: string; handBack?: true },
): Promise<AxiosResponse<string>> {
	const fields: Record<string, string> = { text: form.text ?? '' };
	if (form.handBack) fields.handBack = 'true';
	return await axios.post<string>(link, new URLSearchParams(fields).toString(), {
		validateStatus: () => true,
		responseType: 'text',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	});
}

/** What the Hand Over tool output in an execution (the agent's tool run). */
export function handOverOutput(execution: ExecutionDetails): IDataObject | undefined {
	return execution.data.resultData.runData[HAND_OVER_TOOL]?.[0]?.data?.ai_tool?.[0]?.[0]?.json;
}

/** Which output of the Chat Trigger an execution started on, with its item. */
export function turnOf(execution: ExecutionDetails): {
	output: 'bot' | 'optOut' | 'person';
	item: IDataObject;
} {
	const outputs = execution.data.resultData.runData[CHATBOT_TRIGGER]?.[0]?.data?.main ?? [];
	const index = outputs.findIndex((items) => (items?.length ?? 0) > 0);
	if (index < 0) throw new Error(`execution ${execution.id} has no item of the Chat Trigger`);
	const items = outputs[index] ?? [];
	if (items.length !== 1)
		throw new Error(`execution ${execution.id}: ${items.length} items on output ${index}`);
	return { output: (['bot', 'optOut', 'person'] as const)[index], item: items[0].json };
}

/**
 * The workflow's `count`-th execution (1 = the first), once it has finished or waits for the
 * person's page; with `succeeded`, a finished one must have ended without an error.
 */
export async function nthExecution(
	client: N8nClient,
	workflowId: string,
	count: number,
	hangMs: number,
	state: 'finished' | 'waiting' = 'finished',
	succeeded = true,
): Promise<ExecutionDetails> {
	const started = await client.waitForExecutions(workflowId, count, hangMs);
	const id = [...started].sort((a, b) => Number(a.id) - Number(b.id))[count - 1].id;
	const details =
		state === 'waiting'
			? await client.waitUntilWaiting(id, hangMs)
			: await client.waitForExecution(id, hangMs);
	if (succeeded && state === 'finished')
		expect({ status: details.status, error: executionError(details) }).toEqual({
			status: 'success',
			error: undefined,
		});
	return details;
}
