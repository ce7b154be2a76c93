import './env';

import { mock } from 'jest-mock-extended';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
} from 'n8n-workflow';

import { harnessAdditionalData, harnessNode, oneNodeWorkflow } from './engine';
import { TEST_API_KEY } from './keys';

export const NODE_NAME = 'Messaging Service';
export const NODE_TYPE = 'n8n-nodes-messaging-service.messagingService';

export interface RunNodeOptions {
	/** base URL of the emulator (or any URL, to test the credential's checks) */
	baseUrl: string;
	apiKey?: string;
	allowUnencryptedHttp?: boolean;
	/** more fields of the credential, e.g. the account defaults (defaultSenderNameId, ...) */
	credentialFields?: IDataObject;
	parameters: INodeParameters | IDataObject;
	/** another registered node type to run instead of the action node */
	nodeType?: string;
	/** the node's version, as a saved workflow has it; the newest by default */
	typeVersion?: number;
	/** input items: plain JSON objects, or full items with binary data */
	items?: Array<IDataObject | INodeExecutionData | Record<string, unknown>>;
	continueOnFail?: boolean;
	/** n8n's On Error "Continue (using error output)": failed items go to a second output */
	errorOutput?: boolean;
	/** n8n's node setting Retry On Fail: the engine runs the node again after an error */
	retryOnFail?: { maxTries: number; waitBetweenTries?: number };
	/** cancels the execution (as the editor's stop button does) when this settles: at a moment of the exchange, not after a time */
	cancelWhen?: Promise<unknown>;
	timezone?: string;
	/** the workflow's static data as n8n loads it; give the same object to several runs to carry it across executions */
	staticData?: IDataObject;
	/**
	 * The workflow's ID: what the node keeps per n8n process is kept per workflow. By default one per
	 * static data object (a run without one is a workflow of its own); give one to run executions of
	 * one workflow with static data copies of their own, as n8n loads them for executions at once.
	 */
	workflowId?: string;
	/** extra fields of the engine's additionalData, e.g. `executionId` and `webhookWaitingBaseUrl` for signed resume links */
	additionalData?: Record<string, unknown>;
	/**
	 * A node that ran before in this execution (a trigger): its outputs as the run data holds them,
	 * and the output connected to the node under test (the input items are given by `items`).
	 */
	upstream?: { name: string; type: string; outputs: IDataObject[][]; output: number };
}

export interface RunNodeResult {
	/** the node's first output, with pairedItem as the engine recorded it */
	items: INodeExecutionData[];
	/** every output of the node (with `errorOutput`, the second is the error output) */
	outputs: INodeExecutionData[][];
	/** the error that stopped the node, if any */
	error?: ExecutionError;
	run: IRun;
	/** how often the credential was loaded and decrypted during the run */
	credentialReads: number;
}

function asItem(
	item: IDataObject | INodeExecutionData | Record<string, unknown>,
): INodeExecutionData {
	return 'json' in item && typeof item.json === 'object'
		? (item as INodeExecutionData)
		: { json: item as IDataObject };
}

/**
 * Runs the action node once in n8n's real engine (WorkflowExecute), with the credential's own
 * authenticate and n8n's own HTTP helpers, and returns what the engine recorded.
 */
/**
 * The action node's version by default. Version 3 changed only Verification Code > Send (a token
 * instead of the code, a resend cooldown): its tests give typeVersion 3, the others run as version 2.
 */
const ACTION_NODE_VERSION = 2;

const workflowIds = new WeakMap<IDataObject, string>();
let workflowsMade = 0;

function workflowIdOf(staticData: IDataObject | undefined): string {
	const known = staticData && workflowIds.get(staticData);
	if (known) return known;
	const id = `harness-${++workflowsMade}`;
	if (staticData) workflowIds.set(staticData, id);
	return id;
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const node = harnessNode({
		id: 'node-under-test',
		name: NODE_NAME,
		type: options.nodeType ?? NODE_TYPE,
		typeVersion: options.typeVersion ?? (options.nodeType ? 1 : ACTION_NODE_VERSION),
		parameters: options.parameters as INodeParameters,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
		...(options.retryOnFail
			? {
					retryOnFail: true,
					maxTries: options.retryOnFail.maxTries,
					waitBetweenTries: options.retryOnFail.waitBetweenTries ?? 0,
				}
			: {}),
	});
	const workflow = oneNodeWorkflow(node, {
		id: options.workflowId ?? workflowIdOf(options.staticData),
		name: 'harness',
		active: false,
		timezone: options.timezone,
		staticData: options.staticData,
	});
	const { upstream } = options;
	if (upstream) {
		const before = harnessNode({
			id: 'upstream',
			name: upstream.name,
			type: upstream.type,
			typeVersion: 1,
			parameters: {},
		});
		workflow.setNodes([before, node]);
		workflow.setConnections({
			[upstream.name]: {
				main: upstream.outputs.map((_, n) =>
					n === upstream.output ? [{ node: NODE_NAME, type: 'main' as const, index: 0 }] : [],
				),
			},
		});
	}

	const hooks = new ExecutionLifecycleHooks('manual', 'harness-execution', mock());
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));

	const { additionalData, credentialsHelper } = harnessAdditionalData(
		{
			apiKey: options.apiKey ?? TEST_API_KEY,
			baseUrl: options.baseUrl,
			allowUnencryptedHttp: options.allowUnencryptedHttp ?? false,
			...options.credentialFields,
		},
		{ hooks, ...options.additionalData },
	);

	const input = (options.items ?? [{}]).map(asItem);
	const upstreamRun = upstream
		? {
				[upstream.name]: [
					{
						startTime: 0,
						executionTime: 0,
						executionIndex: 0,
						source: [],
						data: { main: upstream.outputs.map((items) => items.map((json) => ({ json }))) },
					},
				],
			}
		: {};
	const runExecutionData: IRunExecutionData = {
		resultData: { runData: upstreamRun },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [
				{
					node,
					data: { main: [input] },
					source: upstream
						? { main: [{ previousNode: upstream.name, previousNodeOutput: upstream.output }] }
						: null,
				},
			],
		},
	} as unknown as IRunExecutionData;

	const execution = new WorkflowExecute(
		additionalData,
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	void options.cancelWhen?.finally(() => execution.cancel());
	await execution;
	const run = await finished;
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		outputs: (taskData?.data?.main ?? []).map((output) => output ?? []),
		error: taskData?.error ?? run.data.resultData.error,
		run,
		credentialReads: credentialsHelper.decryptions,
	};
}
