// The contenders: workflows for the n8n ones (same input items from a Code node, then the node
// under test), and the plain HTTP client loops that are the floor for per-item work.
import * as path from 'node:path';
import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';
import { httpRequest } from '../../node_modules/@n8n/backend-network/dist/http/axios/request';
import type { WorkflowData } from '../../test/e2e/lib/n8n-types';
import { manualTriggerNode, workflowOf } from '../../test/e2e/lib/workflow-builder';
import { phoneOf, smsSendPerItem } from '../../test/throughput/perItemSms';
import { PACKAGE } from './n8n';

export type LoopId = 'axiosLoop' | 'helperLoop';
export type ContenderId =
	| LoopId
	| 'httpDefault'
	| 'httpBatching'
	| 'nodePerItem'
	| 'nodePerItemGuarded'
	| 'nodeBatch'
	| 'plainNode';

export const CONTENDER_LABELS: Record<ContenderId, string> = {
	axiosLoop: '(d) plain axios loop',
	helperLoop: "(e) n8n's HTTP helper loop",
	httpDefault: '(a) HTTP Request, defaults',
	httpBatching: '(a) HTTP Request, Batching',
	nodePerItem: '(b) this node, per item',
	nodePerItemGuarded: '(b+) per item, Do Not Send To 10,000 + Quiet Hours',
	nodeBatch: '(c) this node, Send Batch',
	plainNode: '(f) a plain node per item',
};

/** The folder n8n loads (f) from (N8N_CUSTOM_EXTENSIONS): the loop of (e) as the plainest node. */
export const PLAIN_NODE_FOLDER = path.join(__dirname, 'plain-node');

export const NODE_UNDER_TEST = 'Contender';

export interface WorkflowInput {
	name: string;
	items: number;
	text: string;
	emulatorUrl: string;
	token: string;
	alphanameId: string;
	credential: { id: string; name: string };
	/** HTTP Request Batching: items per batch and ms between batches */
	batching?: { batchSize: number; batchInterval: number };
	/** Send Batch: where the emulator posts the outcome */
	callbackUrl?: string;
	/** this node per item: the Concurrency option (absent: the default) */
	concurrency?: number;
}

function itemsNode(items: number, text: string) {
	const jsCode = [
		`const text = ${JSON.stringify(text)};`,
		'const items = [];',
		`for (let i = 0; i < ${items}; i++) items.push({ json: { phone: String(375290000000 + i), text } });`,
		'return items;',
	].join('\n');
	return {
		name: 'Make Recipients',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0] as [number, number],
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

function httpRequestParameters(input: WorkflowInput): INodeParameters {
	return {
		method: 'POST',
		url: `${input.emulatorUrl}/api/v1/sendQuickSMS`,
		sendQuery: true,
		specifyQuery: 'keypair',
		queryParameters: {
			parameters: [
				{ name: 'token', value: input.token },
				{ name: 'phone', value: '={{ $json.phone }}' },
				{ name: 'message', value: '={{ $json.text }}' },
				{ name: 'alphaname_id', value: input.alphanameId },
			],
		},
		options: input.batching ? { batching: { batch: input.batching } } : {},
	};
}

/** (b+): the phones of the Do Not Send To list, none of them a recipient, as a Data table node would give them */
export const SUPPRESSED_PHONES = 10_000;
const OPTED_OUT_NODE = 'Opted-out phones';

function optedOutNode() {
	const jsCode = `return Array.from({ length: ${SUPPRESSED_PHONES} }, (_, i) => ({ json: { id: i + 1, phone: '+44 7700 ' + String(100000 + i) } }));`;
	return {
		name: OPTED_OUT_NODE,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [110, 0] as [number, number],
		parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
	};
}

/** Quiet Hours that allow now in Europe/Minsk (the recipients' zone, from +375) with an hour before and two after. */
export function hoursAroundNow(): string {
	const hour = Number(
		new Intl.DateTimeFormat('en-GB', {
			timeZone: 'Europe/Minsk',
			hour: 'numeric',
			hourCycle: 'h23',
		}).format(new Date()),
	);
	const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
	return `${at(hour - 1)}-${at(hour + 3)}`;
}

export function contenderWorkflow(
	id: Exclude<ContenderId, LoopId>,
	input: WorkflowInput,
): WorkflowData {
	const credentials = {
		messagingServiceApi: { id: input.credential.id, name: input.credential.name },
	};
	const position: [number, number] = [440, 0];
	let contender;
	switch (id) {
		case 'httpDefault':
		case 'httpBatching':
			contender = {
				name: NODE_UNDER_TEST,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.5,
				position,
				parameters: httpRequestParameters(
					id === 'httpBatching' ? input : { ...input, batching: undefined },
				),
			};
			break;
		case 'nodePerItem':
			contender = {
				name: NODE_UNDER_TEST,
				type: `${PACKAGE}.messagingService`,
				typeVersion: 1,
				position,
				parameters: smsSendPerItem(
					input.alphanameId,
					input.concurrency === undefined ? {} : { concurrency: input.concurrency },
				),
				credentials,
			};
			break;
		case 'nodePerItemGuarded':
			contender = {
				name: NODE_UNDER_TEST,
				type: `${PACKAGE}.messagingService`,
				typeVersion: 1,
				position,
				parameters: smsSendPerItem(input.alphanameId, {
					doNotSendTo: `={{ $('${OPTED_OUT_NODE}').all() }}`,
					quietHours: hoursAroundNow(),
				}),
				credentials,
			};
			return workflowOf(input.name, [
				manualTriggerNode(),
				optedOutNode(),
				itemsNode(input.items, input.text),
				contender,
			]);
		case 'plainNode':
			contender = {
				name: NODE_UNDER_TEST,
				type: 'CUSTOM.benchPlainNode',
				typeVersion: 1,
				position,
				parameters: {
					url: `${input.emulatorUrl}/api/v1/sendQuickSMS`,
					phone: '={{ $json.phone }}',
					message: '={{ $json.text }}',
					alphanameId: input.alphanameId,
				},
				credentials,
			};
			break;
		case 'nodeBatch':
			contender = {
				name: NODE_UNDER_TEST,
				type: `${PACKAGE}.messagingService`,
				typeVersion: 1,
				position,
				parameters: {
					resource: 'sms',
					operation: 'sendBatch',
					buildFrom: 'items',
					mailingName: input.name,
					senderNameId: input.alphanameId,
					messageType: 'bulk',
					text: input.text,
					recipientsFrom: 'fields',
					phoneField: 'phone',
					callbackUrl: input.callbackUrl ?? '',
					options: {},
				},
				credentials,
			};
			break;
	}
	return workflowOf(input.name, [
		manualTriggerNode(),
		itemsNode(input.items, input.text),
		contender,
	]);
}

export interface LoopResult {
	seconds: number;
	errors: number;
}

export interface LoopOptions {
	emulatorUrl: string;
	token: string;
	alphanameId: string;
	items: number;
	text: string;
	concurrency: number;
	onTick?: () => Promise<void>;
}

interface Reply {
	status: number;
	retryAfter: unknown;
}

function quickSmsQuery(options: LoopOptions, index: number) {
	return {
		token: options.token,
		phone: phoneOf(index),
		message: options.text,
		alphaname_id: options.alphanameId,
	};
}

/**
 * Sends item i with `send(i)` from `concurrency` workers; a 429 is retried after its Retry-After
 * by the worker that got it.
 */
async function sendLoop(
	options: LoopOptions,
	send: (index: number) => Promise<Reply>,
): Promise<LoopResult> {
	let next = 0;
	let errors = 0;
	const started = Date.now();
	let ticking = true;
	const ticker = (async () => {
		while (ticking) {
			await new Promise((resolve) => setTimeout(resolve, 2000));
			if (ticking && options.onTick) await options.onTick();
		}
	})();
	const worker = async () => {
		while (next < options.items) {
			const index = next++;
			for (let attempt = 0; ; attempt++) {
				const reply = await send(index);
				if (reply.status === 429 && attempt < 12) {
					const seconds = Number(reply.retryAfter ?? 1);
					await new Promise((resolve) =>
						setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000),
					);
					continue;
				}
				if (reply.status !== 200) errors++;
				break;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(options.concurrency, options.items) }, worker));
	const seconds = (Date.now() - started) / 1000;
	ticking = false;
	await ticker;
	return { seconds, errors };
}

/** The floor for per-item work: the sendQuickSMS requests from a plain axios client, connections reused. */
export async function axiosLoop(options: LoopOptions): Promise<LoopResult> {
	const http = axios.create({
		baseURL: options.emulatorUrl,
		timeout: 30000,
		validateStatus: () => true,
	});
	return await sendLoop(options, async (index) => {
		const response = await http.post('/api/v1/sendQuickSMS', null, {
			params: quickSmsQuery(options, index),
		});
		return { status: response.status, retryAfter: response.headers['retry-after'] };
	});
}

/**
 * The floor for anything sending through n8n's HTTP layer: the same requests through the function
 * `this.helpers.httpRequest` ends in, which builds a new agent, so a new connection, per request.
 */
export async function helperLoop(options: LoopOptions): Promise<LoopResult> {
	return await sendLoop(options, async (index) => {
		const response = await httpRequest({
			url: `${options.emulatorUrl}/api/v1/sendQuickSMS`,
			method: 'POST',
			qs: quickSmsQuery(options, index),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			encoding: 'text',
			json: false,
		});
		return { status: response.statusCode, retryAfter: response.headers['retry-after'] };
	});
}
