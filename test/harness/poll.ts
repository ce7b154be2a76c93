import './env';

import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';
import { dropLedger, ledgerOf } from '../../nodes/MessagingService/replies/acknowledgment';
import { dropDeliveryLedger } from '../../nodes/MessagingService/delivery/ledger';
import { finishedRun, harnessAdditionalData, harnessNode, oneNodeWorkflow } from './engine';
import { TEST_API_KEY } from './keys';
import { harnessNodeTypes, registerNodeType } from './nodeTypes';

export const TRIGGER_NODE_NAME = 'Messaging Service Trigger';
export const TRIGGER_NODE_TYPE = 'n8n-nodes-messaging-service.messagingServiceTrigger';
/** where n8n keeps a node's static data inside the workflow's static data */
export const TRIGGER_STATIC_KEY = `node:${TRIGGER_NODE_NAME}`;

registerNodeType(TRIGGER_NODE_TYPE, new MessagingServiceTrigger());

export interface TriggerSessionOptions {
	/** base URL of the emulator */
	baseUrl: string;
	apiKey?: string;
	allowUnencryptedHttp?: boolean;
	/** the credential's Service Time Zone (absent = empty) */
	serviceTimeZone?: string;
	parameters: INodeParameters;
	/** the workflow's static data as n8n saved it (JSON), to load a restarted workflow */
	savedStaticData?: string;
	/** what `getPollBudgetMs()` answers; absent = n8n-core's default */
	pollBudgetMs?: number;
	/** called before each poll (e.g. to set the system time to the emulator's clock) */
	beforePoll?: () => void;
	/** the workflow's ID: what n8n's process memory of the trigger is keyed by (a session of its own unless told) */
	workflowId?: string;
	/** another polling node of the package (the Delivery Trigger): its type, registered, and name */
	nodeType?: string;
	nodeName?: string;
	/** 'atOnce' (default): n8n finishes each execution as the poll ends (its done promise resolves, its replies are marked read before poll() resolves here); 'byTest': the test calls `finish` */
	finishExecutions?: 'atOnce' | 'byTest';
}

export interface PollOutcome {
	/** what poll() returned: null when there was nothing new */
	result: INodeExecutionData[][] | null;
	/** the JSON of the items of the first output of every execution the poll started, in order ([] when none), also when it then threw */
	items: IDataObject[];
	/** the same items by execution: those poll() started itself (`__emit`), then the one it returned */
	executions: IDataObject[][];
	/** the error poll() threw, if any */
	error?: Error;
	/** per execution: n8n's end of it (its done promise), with 'byTest': finished; stopped by a person; cancelled at shutdown; never created (resolved with no run) */
	finish: Array<
		(
			outcome?: 'finished' | 'stoppedByPerson' | 'cancelledAtShutdown' | 'notCreated',
		) => Promise<void>
	>;
}

/**
 * An active workflow with the trigger, as n8n keeps it between polls: one `Workflow` whose
 * static data lives across polls; each poll runs the node's `poll()` in n8n-core's real
 * `PollContext` (parameters, credentials with the credential's own authenticate, n8n's HTTP
 * helpers, static data). `restart()` serializes the static data to JSON, as n8n saves it,
 * and loads it into a fresh Workflow, as after a restart or in another process.
 */
let sessions = 0;

export class TriggerSession {
	readonly workflow: Workflow;
	readonly node: INode;
	private readonly additionalData: IWorkflowExecuteAdditionalData;

	readonly options: TriggerSessionOptions;

	constructor(options: TriggerSessionOptions) {
		const workflowId = options.workflowId ?? `harness-trigger-${++sessions}`;
		this.options = { ...options, workflowId };
		this.node = harnessNode({
			id: 'trigger-under-test',
			name: options.nodeName ?? TRIGGER_NODE_NAME,
			type: options.nodeType ?? TRIGGER_NODE_TYPE,
			typeVersion: 1,
			parameters: options.parameters,
		});
		this.workflow = oneNodeWorkflow(this.node, {
			id: workflowId,
			name: 'harness trigger',
			active: true,
			staticData: options.savedStaticData
				? (JSON.parse(options.savedStaticData) as IDataObject)
				: undefined,
		});
		const credential = {
			apiKey: options.apiKey ?? TEST_API_KEY,
			baseUrl: options.baseUrl,
			allowUnencryptedHttp: options.allowUnencryptedHttp ?? false,
			...(options.serviceTimeZone !== undefined
				? { serviceTimeZone: options.serviceTimeZone }
				: {}),
		};
		this.additionalData = harnessAdditionalData(credential, {
			executionContext: undefined,
		}).additionalData;
	}

	/** Runs poll() once: 'trigger' as the active workflow does, 'manual' as "Fetch Test Event". */
	async poll(
		mode: 'trigger' | 'manual' = 'trigger',
		activation: WorkflowActivateMode = 'activate',
	): Promise<PollOutcome> {
		this.options.beforePoll?.();
		const budget = this.options.pollBudgetMs;
		const emitted: IDataObject[][] = [];
		const finish: PollOutcome['finish'] = [];
		const ledgerKey = `${this.workflow.id}:${this.node.id}`;
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData,
			mode,
			activation,
			(data, _response, done) => {
				emitted.push((data[0] ?? []).map((item) => item.json));
				finish.push(async (outcome = 'finished') => {
					if (outcome === 'finished') done?.resolve(finishedRun());
					else if (outcome === 'notCreated') done?.resolve(undefined);
					else {
						const name =
							outcome === 'stoppedByPerson'
								? 'ManualExecutionCancelledError'
								: 'SystemShutdownExecutionCancelledError';
						done?.reject(Object.assign(new Error('cancelled'), { name }));
					}
					await new Promise((resolve) => setImmediate(resolve));
					await ledgerOf(ledgerKey).marking;
				});
			},
			(error) => {
				throw error;
			},
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
		const nodeType = harnessNodeTypes.getByNameAndVersion(this.node.type, 1);
		try {
			const result = (await nodeType.poll!.call(context)) ?? null;
			const executions = result
				? [...emitted, (result[0] ?? []).map((item) => item.json)]
				: emitted;
			if (this.options.finishExecutions !== 'byTest') for (const end of finish) await end();
			return { result, items: executions.flat(), executions, finish };
		} catch (error) {
			if (this.options.finishExecutions !== 'byTest') for (const end of finish) await end();
			return {
				result: null,
				items: emitted.flat(),
				executions: emitted,
				error: error as Error,
				finish,
			};
		}
	}

	/** The workflow's static data as n8n would save it. */
	savedStaticData(): string {
		return JSON.stringify(this.workflow.staticData);
	}

	/** The trigger's own static data (a plain copy). */
	nodeStaticData(): IDataObject {
		return (JSON.parse(this.savedStaticData()) as IDataObject)[
			`node:${this.node.name}`
		] as IDataObject;
	}

	/** The same workflow after a restart: static data reloaded from its JSON, a new Workflow, and what the n8n process knew forgotten. */
	restart(savedStaticData = this.savedStaticData()): TriggerSession {
		dropLedger(`${this.workflow.id}:${this.node.id}`);
		dropDeliveryLedger(`${this.workflow.id}:${this.node.id}`);
		return new TriggerSession({ ...this.options, savedStaticData });
	}
}
