import '../../harness/env';

import { createHmac } from 'node:crypto';
import { mock } from 'jest-mock-extended';
import { WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { oneNodeWorkflow } from '../../harness/engine';
import { harnessNodeTypes } from '../../harness/nodeTypes';
import { NODE_NAME, NODE_TYPE, type RunNodeResult } from '../../harness/runNode';
import type { SandboxFixture } from '../../harness/sandbox';

// n8n signs resume links with this secret (read when the first node runs, after these imports).
const HMAC_SECRET = 'engine-test-hmac-secret';
process.env.N8N_HMAC_SIGNATURE_SECRET = HMAC_SECRET;

/** What n8n gives a node so that it can sign its resume links (execution id, waiting URL). */
export const WAITING_BASE_URL = 'https://n8n.example.com/webhook-waiting';
export const EXECUTION_ID = '4711';
export const waitingAdditionalData = {
	executionId: EXECUTION_ID,
	webhookWaitingBaseUrl: WAITING_BASE_URL,
};

/** The link a waiting node sends: the waiting URL, execution id, node id and n8n's 64-character signature. */
export const SIGNED_LINK =
	/^https:\/\/n8n\.example\.com\/webhook-waiting\/4711\/node-under-test\?signature=[0-9a-f]{64}$/;

/** Runs the node with what n8n gives it to sign its resume link (unless `options` gives its own). */
export async function runWithResumeLink(
	fixture: SandboxFixture,
	options: Parameters<SandboxFixture['run']>[0],
): Promise<RunNodeResult> {
	return await fixture.run({ additionalData: waitingAdditionalData, ...options });
}

/** Checks a resume link the way n8n's waiting webhooks do: HMAC-SHA256 of path and query. */
export function hasValidSignature(link: string): boolean {
	const url = new URL(link);
	const signature = url.searchParams.get('signature');
	url.searchParams.delete('signature');
	const expected = createHmac('sha256', HMAC_SECRET)
		.update(`${url.pathname}${url.search}`)
		.digest('hex');
	return signature === expected;
}

export interface PageAnswer {
	status: number;
	headers: Record<string, string>;
	html: string;
	result: IWebhookResponseData;
}

/**
 * Calls the node's webhook() through n8n-core's own WebhookContext, on the execution data the
 * waiting run left (the waiting node first on the stack), as n8n's waiting webhooks do.
 */
export async function callWebhook(
	run: RunNodeResult,
	parameters: IDataObject,
	request: { method: 'GET' | 'POST'; body?: IDataObject; query?: IDataObject },
): Promise<PageAnswer> {
	const node = run.run.data.executionData!.nodeExecutionStack[0].node as INode;
	const workflow = oneNodeWorkflow(
		{ ...node, parameters: parameters as INode['parameters'], disabled: false },
		{ id: 'harness', name: 'harness', active: false },
	);
	const answer = { status: 200, headers: {} as Record<string, string>, html: '' };
	const response = {
		set statusCode(code: number) {
			answer.status = code;
		},
		setHeader: (name: string, value: string) => (answer.headers[name.toLowerCase()] = value),
		end: (html: string) => (answer.html = html),
	};
	// Plain objects assigned after mock(): a deep mock would answer any property of the request.
	const additionalData = mock<IWorkflowExecuteAdditionalData>({ executionId: EXECUTION_ID });
	additionalData.httpRequest = {
		method: request.method,
		body: request.body ?? {},
		headers: {},
		query: request.query ?? {},
	} as never;
	additionalData.httpResponse = response as never;
	const webhookData = {
		httpMethod: request.method,
		node: NODE_NAME,
		webhookDescription: { name: 'default' },
	} as unknown as IWebhookData;
	const context = new WebhookContext(
		workflow,
		workflow.getNode(NODE_NAME)!,
		additionalData,
		'webhook',
		webhookData,
		[],
		run.run.data as IRunExecutionData,
	);
	const nodeType = harnessNodeTypes.getByNameAndVersion(NODE_TYPE);
	const result = await nodeType.webhook!.call(context);
	return { ...answer, result };
}

/** The item the waiting node passes on if nobody answers in time. */
export function timedOutItem(run: RunNodeResult): IDataObject | undefined {
	return run.run.data.executionData?.nodeExecutionStack[0]?.data.main[0]?.[0]?.json;
}

/** Every item the waiting node passes on if nobody answers in time (Send and Wait for Reply keeps one per item). */
export function waitingItems(run: RunNodeResult): IDataObject[] {
	return (run.run.data.executionData?.nodeExecutionStack[0]?.data.main[0] ?? []).map(
		(item) => item.json,
	);
}
