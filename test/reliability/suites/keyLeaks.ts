/**
 * 3. The API key never leaks: every operation of every resource (and the trigger) runs with the
 * distinctive test key, without a fault and under every fault; everything it shows or logs is
 * searched for the key (the matrix and the bad-input runs are searched as well). The key never
 * travels in a URL for the methods whose key belongs in the form body.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { knownConversations } from '../../harness/conversations';
import { TEST_API_KEY } from '../../harness/keys';
import { TriggerSession } from '../../harness/poll';
import type { RunNodeResult } from '../../harness/runNode';
import { resources } from '../../../nodes/MessagingService/actions/resources';
import { FAULTS, NODE_TIMEOUT_S, WRONG_KEY, faultRules, type Fault } from '../lib/faults';
import { closeAtEnd, inBackground, outcomeOf } from '../lib/background';
import { figures } from '../lib/figures';
import { KEY_FORMS, leakWatch, markKnownLeak } from '../lib/leaks';
import {
	CALLBACK_URL,
	EMULATOR_START,
	allRequests,
	inParallel,
	phoneOf,
	World,
} from '../lib/world';

/** Methods whose `token` the spec puts in the form body only (read from the spec, not from the package). */
export const FORM_BODY_METHODS = [
	'sendQuickChatMessage',
	'getChatDeliveryData',
	'sendChatMessageList',
	'getChatDeliveryList',
	'getNewIncomingMessages',
	'readResponseStatus',
	'createTemplateMessage',
	'editTemplateMessage',
	'deleteTemplateMessage',
	'sendSmsList',
	'confirmSendMessageByList',
];

const ALL_METHODS = [
	'sendBulkChat',
	'statusBulkChat',
	'sendQuickChatMessage',
	'getChatDeliveryData',
	'sendChatMessageList',
	'confirmChatMessage',
	'getChatMessages',
	'getChatMessageData',
	'getChatDeliveryList',
	'getNewIncomingMessages',
	'readResponseStatus',
	'getTemplateMessages',
	'getTemplateMessageById',
	'createTemplateMessage',
	'editTemplateMessage',
	'deleteTemplateMessage',
	'sendBulkSms',
	'statusBulkSms',
	'sendQuickSMS',
	'sendOtpAppOne',
	'sendOtpAppTwo',
	'createSmsMessage',
	'checkSMSMessageStatus',
	'sendSMS',
	'checkSMS',
	'getMessagesList',
	'getSmsDeliveryList',
	'sendSmsList',
	'confirmSendMessageByList',
	'getSMSMessages',
];

const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
).toString('base64');

interface Entities {
	smsId: number;
	createdMessageId: number;
	smsListMailingId: number;
	smsBatchUuid: string;
	chatMailingId: number;
	chatListMailingId: number;
	chatBatchUuid: string;
	replyId: string;
	templateToDelete: number;
}

async function entities(world: World, wave: string): Promise<Entities> {
	const chatMailingId = await world.chatMailing('375291234567', `${wave} hello`);
	const smsList = await world.v1Form('sendSmsList', {
		name: `${wave} list`,
		message: 'Hi',
		d_schedule: '2026-03-02 08:00',
		list_id: world.account.listIds[0],
		alphaname_id: world.alphanameId,
	});
	const chatList = (await world.v2('sendChatMessageList', {
		chatname_id: world.chatnameId,
		list_id: world.account.listIds[0],
		message: `${wave} list`,
	})) as IDataObject;
	return {
		smsId: await world.quickSms('375291234567', `${wave} status`),
		createdMessageId: await world.createdSmsMessage(`${wave} stored`),
		smsListMailingId: smsList.message_id as number,
		smsBatchUuid: await world.batch('sendBulkSms', {
			callback_url: CALLBACK_URL,
			messages: [
				{
					name: `${wave} batch`,
					alphaname_id: world.alphanameId,
					message_type: 'bulk',
					text: 'Hi',
					delivery_list: ['375291234567'],
				},
			],
		}),
		chatMailingId,
		chatListMailingId: chatList.message_id as number,
		chatBatchUuid: await world.batch('sendBulkChat', {
			messages: [
				{
					name: `${wave} chat batch`,
					alphaname_id: world.alphanameId,
					message_type: 'bulk',
					content: { type: 'text', text: 'Hi' },
					delivery_list: ['375291234567'],
				},
			],
		}),
		replyId: world.reply(chatMailingId, `${wave} yes`),
		templateToDelete: await world.template(`${wave} to delete`, 'bye'),
	};
}

interface OperationRun {
	resource: string;
	operation: string;
	parameters: INodeParameters;
	items?: IDataObject[];
	binary?: boolean;
	/** the workflow's static data as the Chat Trigger leaves it (a conversation operation needs the phone known) */
	staticData?: IDataObject;
}

const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

/** Every operation of every resource, with parameters that work on a healthy service. */
function everyOperation(
	world: World,
	e: Entities,
	wave: string,
	options: INodeParameters,
): OperationRun[] {
	const phone = '375291234567';
	const list: Array<[string, string, INodeParameters]> = [
		[
			'sms',
			'confirmListMailing',
			{ messageId: String(e.smsListMailingId), confirmAction: 'confirm', options },
		],
		[
			'sms',
			'createMessage',
			{ message: `${wave} created`, additionalFields: { senderNameId: world.alphanameId } },
		],
		['sms', 'getBatchStatus', { uuid: e.smsBatchUuid, options }],
		[
			'sms',
			'getManyDeliveries',
			{ messageOrMailingId: String(e.createdMessageId), returnAll: true },
		],
		['sms', 'getManyMailings', { returnAll: true }],
		['sms', 'getManyMessages', { returnAll: true }],
		['sms', 'getMessageStatus', { createdMessageId: String(e.createdMessageId) }],
		['sms', 'getStatus', { smsId: String(e.smsId) }],
		['sms', 'send', { phone, message: `${wave} single`, senderNameId: world.alphanameId, options }],
		[
			'sms',
			'sendBatch',
			{
				buildFrom: 'items',
				mailingName: `${wave} sale`,
				senderNameId: world.alphanameId,
				messageType: 'bulk',
				text: 'Sale',
				recipientsFrom: 'define',
				recipientPhone: '={{ $json.phone }}',
				callbackUrl: CALLBACK_URL,
				options,
			},
		],
		[
			'sms',
			'sendAndWait',
			{ phone, message: `${wave} approve?`, senderNameId: world.alphanameId, options },
		],
		['sms', 'sendCreatedMessage', { createdMessageId: String(e.createdMessageId), phone, options }],
		[
			'sms',
			'sendToList',
			{
				listId: String(world.account.listIds[0]),
				mailingName: `${wave} to list`,
				message: 'Hi',
				senderNameId: world.alphanameId,
				sendAt: EMULATOR_START,
				options,
			},
		],
		['chatMessage', 'confirmListMailing', { messageId: String(e.chatListMailingId), options }],
		['chatMessage', 'getBatchStatus', { uuid: e.chatBatchUuid, options }],
		['chatMessage', 'getDeliveryStatus', { messageId: String(e.chatMailingId) }],
		['chatMessage', 'getMailing', { messageId: String(e.chatMailingId) }],
		['chatMessage', 'getManyDeliveries', { messageId: String(e.chatMailingId), returnAll: true }],
		['chatMessage', 'getManyMailings', { returnAll: true }],
		[
			'chatMessage',
			'send',
			{
				chatnameId: world.chatnameId,
				phone,
				messageType: 'IMAGE',
				imageSource: 'binary',
				binaryPropertyName: 'photo',
				options,
			},
		],
		[
			'chatMessage',
			'sendAndWait',
			{
				chatnameId: world.chatnameId,
				phone,
				messageType: 'TEXT',
				message: `${wave} approve?`,
				options,
			},
		],
		[
			'chatMessage',
			'sendAndWaitForReply',
			{
				chatnameId: world.chatnameId,
				phone,
				messageType: 'TEXT',
				message: `${wave} is 3 pm fine?`,
				// the wait ends within a second: the reply desk then tries to resume it at n8n.example.com
				options: {
					...options,
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'seconds' },
					},
				},
			},
		],
		[
			'chatMessage',
			'sendBatch',
			{
				buildFrom: 'items',
				mailingName: `${wave} chat sale`,
				senderNameId: world.alphanameId,
				messageType: 'bulk',
				contentType: 'text',
				chatText: 'Sale',
				options,
			},
		],
		[
			'chatMessage',
			'sendToList',
			{
				chatnameId: world.chatnameId,
				listId: String(world.account.listIds[0]),
				messageType: 'TEXT',
				message: `${wave} chat list`,
				options,
			},
		],
		[
			'reply',
			'getManyNew',
			{ messageId: String(e.chatMailingId), options: { ...options, markAsRead: true } },
		],
		['reply', 'markAsRead', { replyIds: e.replyId, options }],
		['verificationCode', 'send', { phone, codeSource: 'generate', codeLength: 6, options }],
		['verificationCode', 'check', { token: 'not-a-token', enteredCode: '123456' }],
		[
			'conversation',
			'handOver',
			{
				chatnameId: world.chatnameId,
				phone,
				reason: `${wave} asked for a person`,
				message: `${wave} a colleague will answer`,
				options,
			},
		],
		[
			'conversation',
			'handBack',
			{ chatnameId: world.chatnameId, phone, message: `${wave} back with the bot`, options },
		],
		['conversation', 'getState', { scope: 'onePhone', phone }],
		['template', 'create', { name: `${wave} template`, message: 'Hello' }],
		['template', 'delete', { template: byId(e.templateToDelete) }],
		['template', 'get', { template: byId(world.account.templateIds[0]) }],
		['template', 'getMany', {}],
		[
			'template',
			'update',
			{ template: byId(world.account.templateIds[1]), updateFields: { name: `${wave} renamed` } },
		],
	];
	return list.map(([resource, operation, parameters]) => ({
		resource,
		operation,
		parameters: { resource, operation, ...parameters },
		items: [{ phone: phoneOf(1, '3752914') }],
		binary: resource === 'chatMessage' && operation === 'send',
		staticData: resource === 'conversation' ? knownConversations([phone]) : undefined,
	}));
}

async function runWave(
	world: World,
	wave: string,
	fault: Fault | undefined,
): Promise<Array<{ run: OperationRun; result: RunNodeResult }>> {
	const e = await entities(world, wave);
	// the trigger, activated before the fault, with one new reply to find
	const trigger = new TriggerSession({
		baseUrl: world.url,
		parameters: {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: String(e.chatMailingId) }] },
			markAsRead: true,
		},
	});
	await trigger.poll();
	world.sandbox.advanceClock(1);
	world.reply(e.chatMailingId, `${wave} trigger reply`);
	world.clearRequests();

	const options: INodeParameters = fault?.key === 'timeout' ? { timeout: NODE_TIMEOUT_S } : {};
	const runs = everyOperation(world, e, wave, options);
	if (fault) world.sandbox.setFaults({ rules: faultRules(fault, ALL_METHODS, { hits: 1 }) });
	const apiKey = fault?.apiKey ?? TEST_API_KEY;
	const polled = new TriggerSession({
		...trigger.options,
		apiKey,
		savedStaticData: trigger.savedStaticData(),
	});
	const [results, poll, manual] = await Promise.all([
		inParallel(runs, 4, async (run) => ({
			run,
			result: await world.run({
				parameters: run.parameters,
				items: run.items?.map((json) =>
					run.binary
						? { json, binary: { photo: { data: PNG, mimeType: 'image/png', fileName: 'p.png' } } }
						: { json },
				),
				apiKey,
				staticData: run.staticData,
				continueOnFail: false,
				// what n8n gives a node to sign the link of Send and Wait for Response
				additionalData: {
					executionId: `${wave}-execution`,
					webhookWaitingBaseUrl: 'https://n8n.example.com/webhook-waiting',
				},
			}),
		})),
		polled.poll(),
		new TriggerSession({ ...trigger.options, apiKey }).poll('manual', 'manual'),
	]);
	world.sandbox.clearFaults();
	await world.settle();
	world.clearRequests();
	for (const { run, result } of results)
		leakWatch.scanRun(`${wave}: ${run.resource} > ${run.operation}`, result);
	leakWatch.scanPoll(`${wave}: trigger poll`, poll);
	leakWatch.scanPoll(`${wave}: trigger manual poll`, manual);
	figures.keyLeak.runs += results.length + 2;
	return results;
}

export function keyLeakSuite(): void {
	describe('3. the API key never leaks', () => {
		let world: World;
		beforeAll(async () => {
			world = await World.start();
		});
		afterAll(async () => {
			await world.close();
		});

		it("the search sees what n8n logs: a node error is printed by n8n's logger and captured", async () => {
			const mark = leakWatch.mark();
			const result = await world.run({
				apiKey: WRONG_KEY,
				parameters: { resource: 'template', operation: 'getMany' },
			});
			leakWatch.scanRun('logger check', result);
			expect(result.error?.message).toMatch(/refused the API key/);
			expect(leakWatch.loggedSince(mark)).toContain('The service refused the API key (401)');
		});

		markKnownLeak('the trigger with the API key pasted into Mailing IDs', /Invalid Mailing /);
		it('the trigger with the API key pasted into Mailing IDs: refused before any request, without showing the key', async () => {
			world.clearRequests();
			const outcome = await new TriggerSession({
				baseUrl: world.url,
				parameters: {
					watch: 'specificMailings',
					mailings: { mailing: [{ messageId: `20000001, ${TEST_API_KEY}` }] },
					markAsRead: true,
				},
			}).poll();
			// the error's message and description here; what n8n keeps of its cause is judged in the summary
			leakWatch.scanPoll('the trigger with the API key pasted into Mailing IDs', outcome, true);
			const message = outcome.error?.message;
			expect(message).toMatch(/^Invalid Mailing .* in entry 1 of Mailings$/);
			for (const form of KEY_FORMS)
				expect(
					JSON.stringify([message, (outcome.error as { description?: string }).description]),
				).not.toContain(form);
			expect(world.requests()).toEqual([]);
		});

		it('the table runs every operation of every resource', () => {
			const offered = Object.entries(resources).flatMap(([resource, module]) =>
				Object.keys(module.operations).map((operation) => `${resource}.${operation}`),
			);
			const table = everyOperation(world, {} as Entities, 'x', {}).map(
				(run) => `${run.resource}.${run.operation}`,
			);
			expect(table.sort()).toEqual(offered.sort());
			figures.keyLeak.operations = table.length;
		});

		it('every operation works with the key on a healthy service, and shows it nowhere', async () => {
			const results = await runWave(world, 'healthy', undefined);
			for (const { run, result } of results) {
				expect({
					operation: `${run.resource}.${run.operation}`,
					error: result.error?.message,
				}).toEqual({
					operation: `${run.resource}.${run.operation}`,
					error: undefined,
				});
			}
			expect(leakWatch.hits).toEqual([]);
		}, 60_000);

		for (const fault of FAULTS) {
			const title = `every operation and the trigger under "${fault.title}": the key is in no output, error or log`;
			if (fault.key === 'timeout') {
				// mostly waiting: on an emulator of its own, in the background
				inBackground(title, async () => {
					const own = await World.start();
					closeAtEnd(async () => await own.close());
					await runWave(own, `leak-${fault.key}`, fault);
				});
				// a hang detector: the wave waits out a Timeout for each operation, four at a time
				it(
					title,
					async () => {
						await outcomeOf(title);
						expect(leakWatch.hits).toEqual([]);
					},
					600_000,
				);
				continue;
			}
			it(
				title,
				async () => {
					const results = await runWave(world, `leak-${fault.key}`, fault);
					if (fault.key === 'wrong-key') {
						// Verification Code > Check and Conversation > Get State ask the service nothing: the wrong key does not reach it
						const local = ['verificationCode.check', 'conversation.getState'];
						const asking = results.filter(
							({ run }) => !local.includes(`${run.resource}.${run.operation}`),
						);
						expect(asking).toHaveLength(results.length - local.length);
						for (const { result } of asking) expect(result.error?.message).toMatch(fault.cause);
					}
					expect(leakWatch.hits).toEqual([]);
				},
				60_000,
			);
		}
	});
}

/** Checked at the end, over every request any emulator of the suite received. */
export function checkKeyNotInUrls(): void {
	const formBody = allRequests.filter(
		(request) => request.apiMethod !== null && FORM_BODY_METHODS.includes(request.apiMethod),
	);
	figures.keyLeak.formBodyRequests = formBody.length;
	figures.keyLeak.requestsChecked = allRequests.length;
	expect(new Set(formBody.map((request) => request.apiMethod))).toEqual(new Set(FORM_BODY_METHODS));
	const inUrl = formBody.filter((request) => {
		const url = `${request.path}?${JSON.stringify(request.query)}`;
		return request.query.token !== undefined || KEY_FORMS.some((form) => url.includes(form));
	});
	expect(inUrl.map((request) => `${request.apiMethod} ${JSON.stringify(request.query)}`)).toEqual(
		[],
	);
	// and no path carries it, whatever the method
	expect(
		allRequests.filter((request) => KEY_FORMS.some((form) => request.path.includes(form))),
	).toEqual([]);
}
