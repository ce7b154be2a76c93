import './env';

import { TriggerContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeParameters,
	IRun,
	ITriggerResponse,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { MessagingServiceChatTrigger } from '../../nodes/MessagingService/MessagingServiceChatTrigger.node';
import { dropLedger, ledgerOf } from '../../nodes/MessagingService/replies/acknowledgment';
import { finishedRun, harnessAdditionalData, harnessNode, oneNodeWorkflow } from './engine';
import { TEST_API_KEY } from './keys';
import { harnessNodeTypes, registerNodeType } from './nodeTypes';

export const CHAT_TRIGGER_NODE_TYPE = 'n8n-nodes-messaging-service.messagingServiceChatTrigger';
const NODE_NAME = 'Messaging Service Chat Trigger';

registerNodeType(CHAT_TRIGGER_NODE_TYPE, new MessagingServiceChatTrigger());

export interface ChatTriggerSessionOptions {
	baseUrl: string;
	apiKey?: string;
	parameters: INodeParameters;
	/** the workflow's static data as n8n saved it at the last emit (JSON) */
	savedStaticData?: string;
	mode?: WorkflowExecuteMode;
	/** the workflow's ID (what the in-process handoff channel is keyed by) */
	workflowId?: string;
	/** 'atOnce' (default): n8n finishes each execution as it is emitted (its done promise resolves; its replies are marked read by the tick); 'byTest': the test calls each emit's `done` */
	finishExecutions?: 'atOnce' | 'byTest';
}

/**
 * An active workflow with the chat trigger as n8n runs it: n8n-core's real TriggerContext,
 * n8n's scheduler replaced by `tick()` (the test decides when a second has passed), each emit
 * recorded with a copy of the static data as n8n saves it then, failed executions recorded.
 */
export class ChatTriggerSession {
	readonly workflow: Workflow;
	readonly node: INode;
	/** each execution started with a turn on its first output (Turns): the json of its items */
	readonly turns: IDataObject[][] = [];
	/** each execution started with a turn on its second output (Opt-Outs): the json of its items */
	readonly optOuts: IDataObject[][] = [];
	/** each execution started with a turn on its third output (To Person): the json of its items */
	readonly toPerson: IDataObject[][] = [];
	/** every emit in order: its outputs' json, and its done promise's resolve (what n8n calls with the finished execution) */
	readonly emits: Array<{
		outputs: IDataObject[][];
		done?: (run: IRun) => void;
		cancel?: (error: Error) => void;
	}> = [];
	/** the static data n8n saved at the last emit (what a restart loads) */
	savedAtLastEmit?: string;
	/** the static data n8n saved when the activation ended (what a restart loads when no emit's save was made) */
	savedAtActivation?: string;
	readonly failedExecutions: Error[] = [];
	private onTick?: () => Promise<void>;
	private response?: ITriggerResponse;
	private readonly additionalData: IWorkflowExecuteAdditionalData;

	constructor(readonly options: ChatTriggerSessionOptions) {
		this.node = harnessNode({
			id: 'chat-trigger',
			name: NODE_NAME,
			type: CHAT_TRIGGER_NODE_TYPE,
			typeVersion: 1,
			parameters: options.parameters,
		});
		this.workflow = oneNodeWorkflow(this.node, {
			id: options.workflowId ?? 'harness-chat',
			name: 'harness chat',
			active: true,
			staticData: options.savedStaticData
				? (JSON.parse(options.savedStaticData) as IDataObject)
				: undefined,
		});
		this.additionalData = harnessAdditionalData({
			apiKey: options.apiKey ?? TEST_API_KEY,
			baseUrl: options.baseUrl,
			allowUnencryptedHttp: false,
		}).additionalData;
	}

	/** Runs trigger(), as n8n does when it activates the workflow; throws what activation would show. */
	async activate(): Promise<ITriggerResponse> {
		const context = new TriggerContext(
			this.workflow,
			this.node,
			this.additionalData,
			this.options.mode ?? 'trigger',
			'activate',
			(data, _responsePromise, donePromise) => {
				this.savedAtLastEmit = JSON.stringify(this.workflow.staticData);
				const [turns = [], optOuts = [], toPerson = []] = data;
				if (optOuts.length > 0) this.optOuts.push(optOuts.map((item) => item.json));
				if (toPerson.length > 0) this.toPerson.push(toPerson.map((item) => item.json));
				if (turns.length > 0 || (optOuts.length === 0 && toPerson.length === 0))
					this.turns.push(turns.map((item) => item.json));
				this.emits.push({
					outputs: data.map((items) => (items ?? []).map((item) => item.json)),
					done: donePromise?.resolve,
					cancel: donePromise?.reject,
				});
				if (this.options.finishExecutions !== 'byTest') donePromise?.resolve(finishedRun());
			},
			(error) => {
				throw error;
			},
			(error) => this.failedExecutions.push(error as Error),
			{
				registerCron: (_cron, onTick) => {
					this.onTick = onTick as unknown as () => Promise<void>;
				},
			},
		);
		const nodeType = harnessNodeTypes.getByNameAndVersion(CHAT_TRIGGER_NODE_TYPE, 1);
		const response = (await nodeType.trigger!.call(context)) ?? {};
		this.savedAtActivation = JSON.stringify(this.workflow.staticData);
		this.response = response;
		return response;
	}

	/** One tick of n8n's every-second schedule, and what it started, to its end. */
	async tick(): Promise<void> {
		if (!this.onTick) throw new Error('the trigger registered no schedule');
		await this.onTick();
		await this.acknowledged();
	}

	/** Waits for the marks that the executions finished so far started (n8n's done promises settle after a tick). */
	async acknowledged(): Promise<void> {
		await new Promise((resolve) => setImmediate(resolve));
		await ledgerOf(`${this.workflow.id}:${this.node.id}`).marking;
	}

	/** Manual mode ("Execute step"): runs the node's manual trigger function until it ends. */
	async listen(): Promise<void> {
		await this.response?.manualTriggerFunction?.();
	}

	async close(): Promise<void> {
		await this.response?.closeFunction?.();
	}

	/** The same workflow after n8n restarts: static data as saved at the last emit, what the process knew forgotten. */
	restart(): ChatTriggerSession {
		dropLedger(`${this.workflow.id}:${this.node.id}`);
		return new ChatTriggerSession({ ...this.options, savedStaticData: this.savedAtLastEmit });
	}
}
