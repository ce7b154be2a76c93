import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { serviceNow, serviceTimeMs } from '../../base/serviceTime';
import { invalidField } from '../../base/validation';
import { doNotSendToOptions, quietHoursOptions } from '../../guards/options';
import { readPhone } from '../../helpers/fields';
import { serviceZone } from '../../helpers/serviceZone';
import type { WaitHandle, WaitIo } from '../../replyWait/desk';
import { recordWaitsInExecution } from '../../replyWait/customData';
import { deskOf } from '../../replyWait/registry';
import { credentialIdOf } from '../../sends/noteSent';
import { TIMER_MARGIN_MS } from '../../replyWait/resume';
import { createApiClient } from '../../transport/client';
import { RequestPacer } from '../../transport/pacer';
import { accountOf } from '../../transport/secrets';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { asItemError, errorItem } from '../itemErrors';
import { chatContentFields, chatSenderField } from '../shared/chatContent';
import { phoneField } from '../shared/recipients';
import { answerItem, REPLY_TOKEN_KEY } from '../shared/replyWait/answers';
import {
	limitWaitTimeReplyOption,
	replyOptions,
	replyResumeUrl,
	replyWaitSettings,
	type ReplyWaitSettings,
} from '../shared/replyWait/settings';
import type { ExecutionTools } from '../types';
import * as send from './send.operation';

export const description: INodeProperties[] = forOperation('chatMessage', 'sendAndWaitForReply', [
	chatSenderField(),
	phoneField('ask'),
	...chatContentFields(),
	optionsCollection(
		[limitWaitTimeReplyOption, ...replyOptions, ...doNotSendToOptions, ...quietHoursOptions],
		{ concurrency: false },
	),
]);

/** Reads of the desk, one at a time per wait; a read that hangs is given up after this long. */
const DESK_TIMEOUT_MS = 10_000;

/** Every item's phone, checked before anything is sent: one question per phone in an execution. */
function phonesOf(context: IExecuteFunctions, items: INodeExecutionData[]): string[] {
	const itemOfPhone = new Map<string, number>();
	return items.map((_, index) => {
		const phone = readPhone(context, 'phone', 'Phone', index);
		const earlier = itemOfPhone.get(phone);
		if (earlier !== undefined)
			throw invalidField(
				context.getNode(),
				'Phone',
				phone,
				`item ${earlier} asks this phone already: one execution waits for one reply per phone`,
				index,
			);
		itemOfPhone.set(phone, index);
		return phone;
	});
}

/** What the wait needs of this execution once the node has returned. */
async function waitIo(context: IExecuteFunctions): Promise<WaitIo> {
	const zone = await serviceZone(context);
	return {
		client: createApiClient(context, {
			itemIndex: 0,
			pacer: new RequestPacer(1),
			timeoutMs: DESK_TIMEOUT_MS,
		}),
		post: async (url, body) => {
			try {
				const response = (await context.helpers.httpRequest({
					method: 'POST',
					url,
					body,
					json: true,
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
				})) as { statusCode: number; body: unknown };
				return { status: response.statusCode, body: JSON.stringify(response.body ?? '') };
			} catch {
				return { status: 0, body: '' };
			}
		},
		serviceNowMs: () => serviceTimeMs(serviceNow(zone)) ?? Date.now(),
		warn: (message) => context.logger.warn(message),
	};
}

/**
 * Sends the item's question once, however often Retry On Fail runs the node (the ledger keeps its
 * mailing), and tells the desk its mailing. Returns the mailing, or the guards' refusal, which is
 * the item's answer at once.
 */
async function ask(
	context: IExecuteFunctions,
	tools: ExecutionTools,
	handle: WaitHandle,
	index: number,
): Promise<{ mailing: string } | { notSent: IDataObject }> {
	const key = `reply:${index}`;
	const earlier = tools.ledger.earlier(context, key, index);
	if (earlier && 'error' in earlier) throw earlier.error;
	let record = earlier?.records[0];
	if (!record) {
		try {
			[record] = await send.execute.call(context, index, tools.client(index));
		} catch (error) {
			tools.ledger.recordFailure(key, error);
			throw asItemError(context, error, index);
		}
		tools.ledger.recordSent(key, [record]);
	}
	const mailing = record.message_id;
	if (mailing === undefined || mailing === null || mailing === '') return { notSent: record };
	handle.sent(index, String(mailing));
	return { mailing: String(mailing) };
}

/** The items n8n's own timer passes on should nobody resume the execution: "no reply" for each. */
function keepTimedOutItems(
	context: IExecuteFunctions,
	phones: string[],
	mailings: Map<number, string>,
	settled: Map<number, IDataObject>,
	settings: ReplyWaitSettings,
	askedAt: number,
	token: string | undefined,
): void {
	const items = phones.map((phone, item) => {
		const json = settled.get(item);
		const output = answerItem(
			json
				? { item, settled: json }
				: {
						item,
						phone,
						mailing: mailings.get(item),
						askedAt: new Date(askedAt).toISOString(),
						waitedUntil: Number.isFinite(settings.untilMs)
							? new Date(settings.untilMs).toISOString()
							: undefined,
					},
		);
		if (item === 0 && token) output.json = { ...output.json, [REPLY_TOKEN_KEY]: token };
		return output;
	});
	context.getExecuteData().data = { main: [items] };
}

/**
 * Chat Message > Send and Wait for Reply (docs/wait-for-reply.md): asks each item's phone its
 * question, then the execution waits until every phone has replied or the limit is reached. The
 * wait is registered with this process's reply desk before the first question goes out, so that
 * no reply is taken by a trigger meanwhile.
 */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	if (this.getNode().type.endsWith('Tool'))
		throw new NodeOperationError(
			this.getNode(),
			'Send and Wait for Reply does not run as an AI Agent tool',
			{
				description:
					"An agent that must ask the customer is built on the Messaging Service Chat Trigger: the customer's answer comes as the next turn, with the agent's memory (docs/chatbot.md).",
			},
		);
	const settings = replyWaitSettings(this);
	const phones = phonesOf(this, items);
	const resume = replyResumeUrl(this);
	const desk = deskOf(await accountOf(this, 0));
	const askedAt = Date.now();
	const handle = desk.register(
		{
			...settings,
			resumeUrl: resume.url,
			askedAt,
			asked: phones.map((phone, item) => ({ item, phone })),
		},
		await waitIo(this),
	);
	const settled = new Map<number, IDataObject>();
	const mailings = new Map<number, string>();
	for (let index = 0; index < items.length; index++) {
		try {
			const asked = await ask(this, tools, handle, index);
			if ('notSent' in asked) settled.set(index, asked.notSent);
			else mailings.set(index, asked.mailing);
		} catch (error) {
			const itemError = asItemError(this, error, index);
			if (!this.continueOnFail()) {
				handle.cancel();
				throw itemError;
			}
			settled.set(index, errorItem(itemError, index).json);
		}
	}
	for (const [item, json] of settled) handle.settle(item, json);
	if (settled.size === items.length) {
		handle.cancel();
		return [...settled].map(([item, json]) => answerItem({ item, settled: json }));
	}
	await this.putExecutionToWait(
		Number.isFinite(settings.untilMs)
			? new Date(settings.untilMs + TIMER_MARGIN_MS)
			: settings.until,
	);
	keepTimedOutItems(this, phones, mailings, settled, settings, askedAt, resume.token);
	const credentialId = credentialIdOf(this);
	recordWaitsInExecution(
		this,
		[...mailings].map(([item, mailingId]) => ({
			credentialId,
			phone: phones[item],
			mailingId,
			untilMs: settings.untilMs,
		})),
	);
	desk.start();
	return items.map((item, index) => ({ json: item.json, pairedItem: { item: index } }));
}
