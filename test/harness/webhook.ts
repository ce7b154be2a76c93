import './env';

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PATIENT } from '../sandbox/patient';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookDescription,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { harnessAdditionalData, harnessNode, oneNodeWorkflow } from './engine';
import { TEST_API_KEY } from './keys';
import { harnessNodeTypes } from './nodeTypes';

export const CALLBACK_TRIGGER_NAME = 'Messaging Service Callback Trigger';
export const CALLBACK_TRIGGER_TYPE = 'n8n-nodes-messaging-service.messagingServiceCallbackTrigger';
const WEBHOOK_ID = '5b0c7f6e-2d1a-4c8e-9f3b-7a6d5e4c3b2a';
/** n8n's own limit for a request body (N8N_PAYLOAD_SIZE_MAX, 16 MB by default) */
const N8N_PAYLOAD_MAX = 16 * 1024 * 1024;

export interface WebhookHostOptions {
	parameters?: INodeParameters;
	apiKey?: string;
}

/**
 * A published workflow with the Callback Trigger, served as n8n serves a production webhook:
 * an HTTP server plays n8n's web layer (it reads the body up to n8n's limit, parses an
 * `application/json` body and answers 422 when it cannot, as n8n does, and keeps the raw body),
 * then runs the node's `webhook()` in n8n-core's real `WebhookContext` (parameters with their
 * defaults, the credential, the request and response objects). What `webhook()` returns as
 * `workflowData` starts an execution: it is recorded in `executions`, and the caller gets n8n's
 * answer for the response mode "onReceived" (200). A refusal is what the node answered itself.
 */
export class WebhookHost {
	readonly executions: IDataObject[][] = [];
	readonly node: INode;
	private readonly workflow: Workflow;
	private readonly additionalData: IWorkflowExecuteAdditionalData;
	private server?: Server;
	url = '';

	constructor(options: WebhookHostOptions = {}) {
		const nodeType = harnessNodeTypes.getByNameAndVersion(CALLBACK_TRIGGER_TYPE, 1);
		const parameters = options.parameters ?? {};
		this.node = harnessNode({
			id: 'callback-trigger-under-test',
			name: CALLBACK_TRIGGER_NAME,
			type: CALLBACK_TRIGGER_TYPE,
			typeVersion: 1,
			webhookId: WEBHOOK_ID,
			parameters:
				NodeHelpers.getNodeParameters(
					nodeType.description.properties,
					parameters,
					true,
					false,
					null,
					nodeType.description,
				) ?? parameters,
		});
		this.workflow = oneNodeWorkflow(this.node, {
			id: 'harness-webhook',
			name: 'harness webhook',
			active: true,
		});
		const credential = {
			apiKey: options.apiKey ?? TEST_API_KEY,
			baseUrl: 'http://127.0.0.1:9',
			allowUnencryptedHttp: false,
		};
		this.additionalData = harnessAdditionalData(credential, {
			executionContext: undefined,
			httpRequest: undefined,
			httpResponse: undefined,
		}).additionalData;
	}

	async start(): Promise<this> {
		this.server = createServer(PATIENT, (req, res) => {
			this.handle(req, res).catch((error: Error) => {
				if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: 'Error in workflow', error: error.message }));
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook/${WEBHOOK_ID}/callback`;
		return this;
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server?.close(() => resolve());
			this.server?.closeAllConnections();
		});
	}

	/**
	 * What n8n does when the workflow is published: the node's checkExists(), then create() when
	 * nothing exists, in n8n-core's real HookContext. Resolves with what create() answered.
	 */
	async activate(): Promise<boolean> {
		const nodeType = harnessNodeTypes.getByNameAndVersion(CALLBACK_TRIGGER_TYPE, 1);
		const methods = nodeType.webhookMethods!.default!;
		const context = new HookContext(
			this.workflow,
			this.node,
			this.additionalData,
			'webhook',
			'activate',
			{
				httpMethod: 'POST',
				node: this.node.name,
				path: `${WEBHOOK_ID}/callback`,
				webhookDescription: nodeType.description.webhooks![0],
				workflowId: this.workflow.id,
				workflowExecuteAdditionalData: this.additionalData,
				webhookId: WEBHOOK_ID,
			} as IWebhookData,
		);
		if (await methods.checkExists.call(context)) return true;
		return await methods.create.call(context);
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		if (req.method !== 'POST' || url.pathname !== `/webhook/${WEBHOOK_ID}/callback`) {
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }));
			return;
		}
		const rawBody = await readBody(req);
		if (rawBody === undefined) {
			res
				.writeHead(413, { 'content-type': 'application/json' })
				.end(JSON.stringify({ message: 'request entity too large' }));
			return;
		}
		const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		let body: unknown;
		if (contentType === 'application/json' && rawBody.length > 0) {
			try {
				body = JSON.parse(rawBody.toString('utf8'));
			} catch {
				res
					.writeHead(422, { 'content-type': 'application/json' })
					.end(JSON.stringify({ message: 'Failed to parse request body' }));
				return;
			}
		} else if (contentType === 'text/plain') {
			body = rawBody.toString('utf8');
		}
		const query: Record<string, string | string[]> = {};
		for (const [key, value] of url.searchParams) {
			const seen = query[key];
			query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
		}
		Object.assign(req, { body, rawBody, query, params: {}, contentType });
		this.additionalData.httpRequest =
			req as unknown as IWorkflowExecuteAdditionalData['httpRequest'];
		this.additionalData.httpResponse =
			res as unknown as IWorkflowExecuteAdditionalData['httpResponse'];

		const nodeType = harnessNodeTypes.getByNameAndVersion(CALLBACK_TRIGGER_TYPE, 1);
		const webhookDescription = nodeType.description.webhooks![0] as IWebhookDescription;
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${WEBHOOK_ID}/callback`,
			webhookDescription,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData,
			webhookId: WEBHOOK_ID,
		} as IWebhookData;
		const context = new WebhookContext(
			this.workflow,
			this.node,
			this.additionalData,
			'webhook',
			webhookData,
			[],
			null,
		);
		const result = await nodeType.webhook!.call(context);
		if (result.workflowData !== undefined) {
			this.executions.push(result.workflowData[0].map((item) => item.json));
		}
		if (res.writableEnded) return;
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(
			JSON.stringify(
				result.workflowData !== undefined
					? { message: 'Workflow was started' }
					: { message: 'Webhook call received' },
			),
		);
	}
}

/** The body as it came; undefined past n8n's own limit. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
	const parts: Buffer[] = [];
	let size = 0;
	for await (const part of req) {
		size += (part as Buffer).length;
		if (size > N8N_PAYLOAD_MAX) return undefined;
		parts.push(part as Buffer);
	}
	return Buffer.concat(parts);
}

export async function startWebhookHost(options: WebhookHostOptions = {}): Promise<WebhookHost> {
	return await new WebhookHost(options).start();
}
