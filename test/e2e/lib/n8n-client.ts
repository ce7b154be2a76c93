import * as http from 'node:http';
import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import type {
	CredentialData,
	ExecutionDetails,
	ExecutionSummary,
	NodeTypeSummary,
	WorkflowData,
} from './n8n-types';
import { parseExecutionData } from './execution-data';
import { n8nMajorVersion } from './host';

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

export interface ManualRunOptions {
	/** The trigger node to start from. */
	triggerName?: string;
	/** Data for the trigger node, as the editor sends pinned or test data. */
	triggerData?: Record<string, unknown>;
	/** Run only up to this node (inclusive). */
	destinationNode?: string;
	/**
	 * With a tool node as `destinationNode`: the arguments an AI agent would pass to it, as the
	 * editor sends them when a tool node is executed on its own (its "$fromAI" values).
	 */
	agentRequest?: AgentRequest;
}

/** What the editor sends to run a tool node on its own: `query` is keyed by the tool's name. */
export interface AgentRequest {
	query: Record<string, Record<string, unknown>>;
	tool: { name: string };
}

export class N8nRequestError extends Error {
	constructor(
		readonly method: string,
		readonly url: string,
		readonly status: number,
		readonly body: unknown,
	) {
		super(`${method} ${url} answered ${status}: ${JSON.stringify(body).slice(0, 1000)}`);
	}
}

/**
 * A GET again, up to twice, when n8n closed a kept-alive connection under it ("socket hang up",
 * ECONNRESET): seen on busy machines; a GET changes nothing, so it may be repeated.
 */
async function sendAgainOnHangUp(send: () => Promise<AxiosResponse>): Promise<AxiosResponse> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await send();
		} catch (error) {
			const code = (error as { code?: string }).code;
			const hungUp = code === 'ECONNRESET' || /socket hang up/i.test((error as Error).message);
			if (!hungUp || attempt >= 3) throw error;
			await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
		}
	}
}

// Reads reuse kept-alive connections and are sent again on a hang-up. A write is never sent twice
// (n8n may have done it before the connection broke), so it goes over a connection of its own,
// which n8n cannot have closed as idle while the request was on its way: the race in which n8n
// closes a kept-alive connection just as the next request is written to it cannot happen.
const readAgent = new http.Agent({ keepAlive: true });
const writeAgent = new http.Agent({ keepAlive: false });

function isRead(method: Method): boolean {
	return ['GET', 'HEAD'].includes(String(method).toUpperCase());
}

/**
 * The same request again, for up to a minute, while n8n answers 503 "Database is not ready!": its
 * middleware answers that before any handler runs, so the request did nothing and may be repeated.
 */
async function sendAgainWhileDatabaseNotReady(
	send: () => Promise<AxiosResponse>,
): Promise<AxiosResponse> {
	const deadline = Date.now() + 60000;
	for (;;) {
		const response = await send();
		const notReady =
			response.status === 503 && /Database is not ready/.test(JSON.stringify(response.data));
		if (!notReady || Date.now() > deadline) return response;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** A logged-in session with n8n's internal REST API (the one the editor uses). */
export class N8nClient {
	private readonly http: AxiosInstance;
	private cookie = '';

	constructor(readonly baseUrl: string) {
		this.http = axios.create({
			baseURL: baseUrl,
			validateStatus: () => true,
			timeout: 60000,
			// n8n binds its auth cookie to this header when it is sent; a fixed value keeps it simple.
			headers: { 'browser-id': 'n8n-e2e-driver' },
		});
	}

	async request<T>(
		method: Method,
		url: string,
		data?: unknown,
		params?: Record<string, unknown>,
	): Promise<T> {
		const read = isRead(method);
		const headers = this.cookie ? { cookie: this.cookie } : {};
		const send = async () =>
			await this.http.request({
				method,
				url,
				data,
				params,
				headers,
				httpAgent: read ? readAgent : writeAgent,
			});
		const response = await sendAgainWhileDatabaseNotReady(
			read ? async () => await sendAgainOnHangUp(send) : send,
		);
		this.rememberCookie(response);
		if (response.status < 200 || response.status >= 300) {
			throw new N8nRequestError(method.toUpperCase(), url, response.status, response.data);
		}
		// The internal API wraps answers in { data }; static files such as /types/nodes.json do not.
		const body = response.data as { data?: T } | T;
		return body !== null && typeof body === 'object' && 'data' in body && !Array.isArray(body)
			? (body.data as T)
			: (body as T);
	}

	private rememberCookie(response: AxiosResponse): void {
		const setCookie = response.headers['set-cookie'];
		const auth = setCookie
			?.map((cookie) => cookie.split(';')[0])
			.find((pair) => pair.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
	}

	async setupOwner(owner: OwnerAccount): Promise<void> {
		await this.request('post', '/rest/owner/setup', owner);
	}

	async login(email: string, password: string): Promise<void> {
		await this.request('post', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** The session's cookie, for a client in another process to carry on the session (`resumeSession`). */
	get session(): string {
		return this.cookie;
	}

	/**
	 * Carries on a session begun by another client, instead of logging in again: n8n allows one
	 * account five logins a minute, fewer than the end-to-end files that share one n8n.
	 */
	async resumeSession(session: string): Promise<void> {
		this.cookie = session;
		await this.request('get', '/rest/login');
	}

	/** Sets up the owner on a fresh n8n and logs in as it. */
	async setupOwnerAndLogin(owner: OwnerAccount): Promise<void> {
		await this.setupOwner(owner);
		await this.login(owner.email, owner.password);
	}

	async nodeTypes(): Promise<NodeTypeSummary[]> {
		return await this.request<NodeTypeSummary[]>('get', '/types/nodes.json');
	}

	async credentialTypes(): Promise<Array<{ name: string; displayName: string }>> {
		return await this.request('get', '/types/credentials.json');
	}

	async createCredential(
		credential: CredentialData,
	): Promise<{ id: string; name: string; type: string }> {
		return await this.request('post', '/rest/credentials', credential);
	}

	async listCredentials(): Promise<Array<{ id: string; name: string; type: string }>> {
		return await this.request('get', '/rest/credentials');
	}

	/**
	 * Runs the credential type's `test` request for a saved credential, as the editor does after
	 * saving. `data` overrides what is stored (n8n merges it with the stored secret values).
	 */
	async testCredential(credential: CredentialData & { id: string }): Promise<CredentialTestResult> {
		return await this.request('post', '/rest/credentials/test', { credentials: credential });
	}

	/** Creates an inactive workflow from its definition (an exported workflow's id, tags and state are not kept). */
	async createWorkflow(
		workflow: WorkflowData,
	): Promise<WorkflowData & { id: string; versionId: string }> {
		const { name, nodes, connections, settings, pinData, meta } = workflow;
		return await this.request('post', '/rest/workflows', {
			name,
			nodes,
			connections,
			settings,
			pinData,
			meta,
			active: false,
		});
	}

	/** Saves new nodes into a workflow, as the editor's Save does after a field was edited. */
	async saveWorkflow(id: string, nodes: WorkflowData['nodes']): Promise<void> {
		const { versionId } = await this.getWorkflow(id);
		await this.request('patch', `/rest/workflows/${id}`, { nodes, versionId });
	}

	async getWorkflow(
		id: string,
	): Promise<WorkflowData & { id: string; versionId: string; active: boolean }> {
		return await this.request('get', `/rest/workflows/${id}`);
	}

	async listWorkflows(): Promise<Array<{ id: string; name: string; active: boolean }>> {
		return await this.request('get', '/rest/workflows');
	}

	/** Makes the workflow's current version the active (published) one; triggers start working. */
	async activateWorkflow(id: string): Promise<void> {
		const workflow = await this.getWorkflow(id);
		await this.setActive(id, true, () => ({ versionId: workflow.versionId }));
	}

	async deactivateWorkflow(id: string): Promise<void> {
		await this.setActive(id, false, async () => ({
			versionId: (await this.getWorkflow(id)).versionId,
		}));
	}

	// n8n 2.x and late 1.x have /activate and /deactivate; earlier 1.x saves `active` with the workflow.
	private async setActive(
		id: string,
		active: boolean,
		version: () => { versionId: string } | Promise<{ versionId: string }>,
	): Promise<void> {
		try {
			await this.request(
				'post',
				`/rest/workflows/${id}/${active ? 'activate' : 'deactivate'}`,
				active ? await version() : undefined,
			);
		} catch (error) {
			if (!(error instanceof N8nRequestError && error.status === 404 && n8nMajorVersion < 2))
				throw error;
			await this.request('patch', `/rest/workflows/${id}`, { active, ...(await version()) });
		}
	}

	/**
	 * Starts a manual run of the saved workflow, as the editor's "Execute workflow" does: from a
	 * trigger node (the first node whose type ends in "Trigger" unless one is named), or, for a
	 * workflow without a trigger, up to a destination node. Resolves with the execution id.
	 */
	async startManualRun(workflowId: string, options: ManualRunOptions = {}): Promise<string> {
		const workflow = await this.getWorkflow(workflowId);
		const trigger =
			options.triggerName ?? workflow.nodes.find((node) => /trigger$/i.test(node.type))?.name;
		// n8n 1.x runs the workflow the editor sends (workflowData) and names the destination node by a string.
		if (n8nMajorVersion < 2) {
			const destination =
				options.destinationNode ??
				(trigger ? undefined : workflow.nodes[workflow.nodes.length - 1].name);
			const legacyBody = {
				workflowData: workflow,
				...(destination ? { destinationNode: destination } : {}),
				...(trigger && !destination
					? {
							triggerToStartFrom: {
								name: trigger,
								...(options.triggerData ? { data: options.triggerData } : {}),
							},
						}
					: {}),
			};
			return await this.startedExecution(workflowId, legacyBody);
		}
		const body = options.destinationNode
			? {
					destinationNode: { nodeName: options.destinationNode, mode: 'inclusive' },
					...(options.agentRequest ? { agentRequest: options.agentRequest } : {}),
				}
			: trigger
				? {
						triggerToStartFrom: {
							name: trigger,
							...(options.triggerData ? { data: options.triggerData } : {}),
						},
					}
				: {
						destinationNode: {
							nodeName: workflow.nodes[workflow.nodes.length - 1].name,
							mode: 'inclusive',
						},
					};
		return await this.startedExecution(workflowId, body);
	}

	private async startedExecution(workflowId: string, body: unknown): Promise<string> {
		const answer = await this.request<{ executionId?: string; waitingForWebhook?: boolean }>(
			'post',
			`/rest/workflows/${workflowId}/run`,
			body,
		);
		if (!answer.executionId)
			throw new Error(`n8n did not start the run: ${JSON.stringify(answer)}`);
		return answer.executionId;
	}

	/** Runs a saved workflow manually and waits until its execution is finished. */
	async runManually(workflowId: string, options: ManualRunOptions = {}): Promise<ExecutionDetails> {
		const executionId = await this.startManualRun(workflowId, options);
		return await this.waitForExecution(executionId);
	}

	/**
	 * The workflow's newest executions first (at most 100). Always of one workflow: the files
	 * share one n8n, and any other workflow's executions may be another file's.
	 */
	async listExecutions(workflowId: string): Promise<ExecutionSummary[]> {
		const answer = await this.request<{ results: ExecutionSummary[] }>(
			'get',
			'/rest/executions',
			undefined,
			{
				filter: JSON.stringify({ workflowId }),
				limit: 100,
			},
		);
		return answer.results;
	}

	async getExecution(id: string): Promise<ExecutionDetails> {
		const raw = await this.request<Omit<ExecutionDetails, 'data'> & { data: string }>(
			'get',
			`/rest/executions/${id}`,
		);
		return { ...raw, data: parseExecutionData(raw.data) };
	}

	/**
	 * The execution exactly as n8n serves it to the editor (its stored data serialized as text):
	 * to check that something, e.g. an API key, appears nowhere in it.
	 */
	async executionAsText(id: string): Promise<string> {
		const response = await sendAgainOnHangUp(
			async () =>
				await this.http.get(`/rest/executions/${id}`, {
					headers: this.cookie ? { cookie: this.cookie } : {},
					transformResponse: (text: string) => text,
					httpAgent: readAgent,
				}),
		);
		if (response.status !== 200)
			throw new N8nRequestError('GET', `/rest/executions/${id}`, response.status, response.data);
		return response.data as string;
	}

	/** Polls until the execution is paused in a Wait node (status "waiting"); fails if it stops otherwise. */
	async waitUntilWaiting(id: string, timeoutMs = 60000): Promise<ExecutionDetails> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const summary = await this.request<{ status: string; stoppedAt?: string | null }>(
				'get',
				`/rest/executions/${id}`,
			);
			if (summary.status === 'waiting') return await this.getExecution(id);
			if (summary.stoppedAt && summary.status !== 'running' && summary.status !== 'new') {
				throw new Error(`execution ${id} stopped with status ${summary.status} instead of waiting`);
			}
			if (Date.now() > deadline)
				throw new Error(
					`execution ${id} still ${summary.status} after ${timeoutMs} ms, not waiting`,
				);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}

	/** Polls until the execution has stopped running (n8n pushes results to the editor; we poll). */
	async waitForExecution(id: string, timeoutMs = 60000): Promise<ExecutionDetails> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const summary = await this.request<{
				finished: boolean;
				status: string;
				stoppedAt?: string | null;
			}>('get', `/rest/executions/${id}`);
			if (summary.stoppedAt && !['running', 'new', 'waiting'].includes(summary.status))
				return await this.getExecution(id);
			if (Date.now() > deadline)
				throw new Error(`execution ${id} still ${summary.status} after ${timeoutMs} ms`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}

	/** Waits until the workflow has at least `count` executions (e.g. started by a trigger). */
	async waitForExecutions(
		workflowId: string,
		count: number,
		timeoutMs = 120000,
	): Promise<ExecutionSummary[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const executions = await this.listExecutions(workflowId);
			if (executions.length >= count) return executions;
			if (Date.now() > deadline)
				throw new Error(
					`workflow ${workflowId} has ${executions.length} executions, wanted ${count}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}
}
