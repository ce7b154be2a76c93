// Connects the recording to a running `npm run demo`: logs in as the demo's owner, finds its
// credential and imported examples, and gives the two AI examples a language model, a scripted
// stand-in (test/e2e/lib/scripted-chat-model.ts) on this machine, as the e2e suite does.
import type { INode } from 'n8n-workflow';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import {
	startScriptedChatModel,
	type ChatRequest,
	type ScriptedChatModel,
} from '../../test/e2e/lib/scripted-chat-model';
import type { WorkflowData } from '../../test/e2e/lib/n8n-types';
import { host } from '../../test/e2e/lib/host';
import { readExampleWorkflows } from '../demo/examples';

export const DEMO_OWNER = {
	email: 'demo@example.com',
	password: process.env.DEMO_PASSWORD ?? 'Messaging-demo-1',
};
export const DEMO_CREDENTIAL = 'Messaging Service (local emulator)';
export const DEMO_TOKEN = 'demo-token';
const MODEL_CREDENTIAL = 'Scripted model (recording)';
const OPENAI_MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';

/** What the AI Agent example's model asks the Send SMS tool to send. */
export const AGENT_SMS = {
	phone: '+375 29 123-45-67',
	message: 'Hi from DemoShop! Your order 1042 has shipped and arrives on Friday.',
};

export interface DemoExamples {
	chatbot: string;
	signUp: string;
	agent: string;
}

export interface DemoSession {
	client: N8nClient;
	credential: { id: string; name: string };
	examples: DemoExamples;
	model: ScriptedChatModel;
}

const userTexts = (request: ChatRequest): string[] =>
	request.messages
		.filter((message) => message.role === 'user')
		.map((message) => String(message.content));

/** The chatbot's answer names how many messages its one turn had; the agent reports its SMS. */
function modelAnswer(request: ChatRequest): string {
	if (request.tools?.length) return `I texted ${AGENT_SMS.phone}: "${AGENT_SMS.message}"`;
	const parts = (userTexts(request).at(-1) ?? '').split('\n').filter(Boolean).length;
	return `Of course! Which day would suit you for the new booking? (one answer to your ${parts} messages)`;
}

async function ensureDemoIsUp(n8nUrl: string): Promise<void> {
	const problem = await fetch(`${n8nUrl}/healthz`).then(
		(response) => (response.ok ? undefined : `it answered ${response.status}`),
		(error: Error) => error.message,
	);
	if (problem)
		throw new Error(
			`no demo n8n at ${n8nUrl} (${problem}); start it first: npm run demo (same --port)`,
		);
}

/** The demo's copy of an example, found by the example's name. */
function importedId(workflows: Array<{ id: string; name: string }>, file: string): string {
	const example = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === file);
	if (!example) throw new Error(`${file} is missing`);
	const found = workflows.find((workflow) => workflow.name === example.workflow.name);
	if (!found)
		throw new Error(
			`the demo has no workflow "${example.workflow.name}" (${file}); restart npm run demo`,
		);
	return found.id;
}

/** Points the workflow's OpenAI Chat Model at the credential, saving it as the editor would. */
async function useModelCredential(
	client: N8nClient,
	workflowId: string,
	credential: { id: string; name: string },
): Promise<void> {
	const workflow = await client.getWorkflow(workflowId);
	const nodes = workflow.nodes.map(
		(node): INode =>
			node.type === OPENAI_MODEL_TYPE ? { ...node, credentials: { openAiApi: credential } } : node,
	);
	await client.request<WorkflowData>('patch', `/rest/workflows/${workflowId}`, {
		...workflow,
		nodes,
	});
}

export async function connectToDemo(n8nUrl: string): Promise<DemoSession> {
	await ensureDemoIsUp(n8nUrl);
	const client = new N8nClient(n8nUrl);
	await client.login(DEMO_OWNER.email, DEMO_OWNER.password);
	const credentials = await client.listCredentials();
	const credential = credentials.find((entry) => entry.name === DEMO_CREDENTIAL);
	if (!credential)
		throw new Error(`the demo has no credential "${DEMO_CREDENTIAL}"; restart npm run demo`);

	const model = await startScriptedChatModel(
		{ phone: AGENT_SMS.phone, message: AGENT_SMS.message },
		modelAnswer,
	);
	const modelCredential =
		credentials.find((entry) => entry.name === MODEL_CREDENTIAL && entry.type === 'openAiApi') ??
		(await client.createCredential({
			name: MODEL_CREDENTIAL,
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted', url: model.url },
		}));
	// A credential left by an earlier recording points at that run's model: this run's URL.
	await client.request('patch', `/rest/credentials/${modelCredential.id}`, {
		name: MODEL_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: model.url },
	});

	const workflows = await client.listWorkflows();
	const examples: DemoExamples = {
		chatbot: importedId(workflows, 'examples/ai-chatbot.json'),
		signUp: importedId(workflows, 'examples/signup-verification-code.json'),
		agent: importedId(workflows, 'examples/ai-agent-sms-tool.json'),
	};
	const modelRef = { id: modelCredential.id, name: MODEL_CREDENTIAL };
	await useModelCredential(client, examples.chatbot, modelRef);
	await useModelCredential(client, examples.agent, modelRef);
	return { client, credential: { id: credential.id, name: credential.name }, examples, model };
}
