import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { BatchCase, ChatCase, ItemCase, WaitCase } from './badInput';
import { chatBadInputCases } from './chatBadInputCases';
import { batchMailing, direct, directBatch } from './direct';
import { MAILINGS_AS_JSON, params } from './params';
import type { SandboxFixture } from './sandbox';
import { sendAndWaitBadInputCases } from './sendAndWaitBadInputCases';
import { templateBadInputCases } from './templateBadInputCases';

type SmsItemOperation =
	| 'getMessageStatus'
	| 'send'
	| 'createMessage'
	| 'getBatchStatus'
	| 'getStatus'
	| 'sendCreatedMessage'
	| 'sendToList'
	| 'confirmListMailing';

/** The bad-input cases of every operation, by resource and operation; each names the field its error must name. */
export interface BadInputTable {
	sms: Record<SmsItemOperation, ItemCase[]> & { sendBatch: BatchCase[]; sendAndWait: WaitCase[] };
	chatMessage: Record<'send' | 'sendToList' | 'getMailing', ChatCase[]> & { sendAndWait: WaitCase[] };
	verificationCode: { send: ItemCase[] };
	template: ReturnType<typeof templateBadInputCases>;
}

/** The table for one emulator: values and parameters are read from its account when a case runs. */
export function badInputTable(fixture: SandboxFixture): BadInputTable {
	const alphaname = () => String(fixture.account.alphanameIds[0]);
	const sms = (operation: string, rest: INodeParameters): INodeParameters => params(fixture.account, 'sms', operation, rest);
	const otp = (rest: INodeParameters): INodeParameters => params(fixture.account, 'verificationCode', 'send', rest);
	const quick = (rest: INodeParameters): INodeParameters => sms('send', rest);
	const CALLBACK = 'http://127.0.0.1:9/cb';
	const fromItems = (rest: INodeParameters = {}): INodeParameters => sms('sendBatch', { callbackUrl: CALLBACK, ...rest });
	const asJson = (): INodeParameters => sms('sendBatch', { ...MAILINGS_AS_JSON, callbackUrl: CALLBACK });
	const mailing = (rest: IDataObject = {}): IDataObject =>
		batchMailing(fixture.account, 'Sale', { text: 'Hi', delivery_list: ['375291000001'], ...rest });
	const phones = (...list: string[]) => list.map((phone) => ({ phone, text: `for ${phone}` }));
	const waiting = sendAndWaitBadInputCases(fixture);

	return {
		sms: {
			getMessageStatus: [
				{
					name: 'Get Message Status: created message ID with letters',
					field: 'Created Message',
					method: 'checkSMSMessageStatus',
					parameters: () => sms('getMessageStatus', { createdMessageId: '={{ $json.v }}' }),
					values: async () => {
						const created = await direct(fixture, 'GET', 'createSmsMessage', { message: 'Hi' });
						return [created.message_id, 'msg-1', created.message_id];
					},
				},
			],
			send: [
				{
					name: 'Send: phone with letters',
					field: 'Phone',
					method: 'sendQuickSMS',
					parameters: () => quick({ phone: '={{ $json.v }}' }),
					values: () => ['375291000001', '12ab', '+375 29 100-00-03'],
				},
				{
					name: 'Send: phone too short',
					field: 'Phone',
					method: 'sendQuickSMS',
					parameters: () => quick({ phone: '={{ $json.v }}' }),
					values: () => ['375291000001', '+37 5', '375291000003'],
				},
				{
					name: 'Send: sender name given as a name, not an ID',
					field: 'Sender Name ID',
					method: 'sendQuickSMS',
					parameters: () => quick({ senderNameId: '={{ $json.v }}' }),
					values: () => [alphaname(), 'DemoShop', alphaname()],
				},
				{
					name: 'Send: empty message',
					field: 'Message',
					method: 'sendQuickSMS',
					parameters: () => quick({ message: '={{ $json.v }}' }),
					values: () => ['Hi', '   ', 'Hello'],
				},
				{
					name: 'Send: forwarding time 2',
					field: 'Forward After \\(Minutes\\)',
					method: 'sendQuickSMS',
					parameters: () => quick({ options: { forwarding: true, forwardingTime: '={{ $json.v }}' } }),
					values: () => [5, 2, 60],
				},
				{
					name: 'Send: forwarding time 61',
					field: 'Forward After \\(Minutes\\)',
					method: 'sendQuickSMS',
					parameters: () => quick({ options: { forwarding: true, forwardingTime: '={{ $json.v }}' } }),
					values: () => [30, 61, 10],
				},
				{
					name: 'Send: forwarding time while forwarding is off',
					field: 'Forward After \\(Minutes\\)',
					method: 'sendQuickSMS',
					parameters: () => quick({ options: { forwarding: '={{ $json.v }}', forwardingTime: 15 } }),
					values: () => [true, false, true],
				},
			],
			createMessage: [
				{
					name: 'Create Message: send time in a wrong format',
					field: 'Send At',
					method: 'createSmsMessage',
					parameters: () => sms('createMessage', { message: 'Hi', additionalFields: { sendAt: '={{ $json.v }}' } }),
					values: () => ['2026-03-05T10:30:00', 'tomorrow at noon', '2026-03-05T10:30:00.000Z'],
				},
			],
			getBatchStatus: [
				{
					name: 'Get Batch Status: not a UUID',
					field: 'Batch UUID',
					method: 'statusBulkSms',
					parameters: () => sms('getBatchStatus', { uuid: '={{ $json.v }}' }),
					values: async () => {
						const sent = async () =>
							await directBatch(fixture, 'sendBulkSms', {
								callback_url: CALLBACK,
								messages: [batchMailing(fixture.account, 'x', { text: 'Hi', delivery_list: ['375291000001'] })],
							});
						return [await sent(), 'batch-1', await sent()];
					},
				},
			],
			getStatus: [
				{
					name: 'Get Status: SMS ID with letters',
					field: 'SMS ID',
					method: 'checkSMS',
					parameters: () => sms('getStatus', { smsId: '={{ $json.v }}' }),
					values: async () => {
						const send = async (phone: string) =>
							(await direct(fixture, 'POST', 'sendQuickSMS', { message: 'Hi', phone, alphaname_id: alphaname() })).sms_id;
						return [await send('375291000001'), 'sms-30000001', await send('375291000002')];
					},
				},
			],
			sendCreatedMessage: [
				{
					name: 'Send Created Message: bad phone',
					field: 'Phone',
					method: 'sendSMS',
					parameters: () => sms('sendCreatedMessage', { createdMessageId: '={{ $json.id }}', phone: '={{ $json.v }}' }),
					values: () => ['375291000001', '+375-29', '375291000003'],
				},
			],
			sendToList: [
				{
					name: 'Send to List: list given by name',
					field: 'Subscriber List ID',
					method: 'sendSmsList',
					parameters: () =>
						sms('sendToList', { listId: '={{ $json.v }}', mailingName: 'M', message: 'Hi', senderNameId: alphaname() }),
					values: () => [String(fixture.account.listIds[0]), 'Customers', String(fixture.account.listIds[1])],
				},
				{
					name: 'Send to List: send time in a wrong format',
					field: 'Send At',
					method: 'sendSmsList',
					parameters: () =>
						sms('sendToList', {
							listId: String(fixture.account.listIds[0]),
							mailingName: 'M',
							message: 'Hi',
							senderNameId: alphaname(),
							sendAt: '={{ $json.v }}',
						}),
					values: () => ['2026-03-05T10:30:00', '31/03/2026 14:30', '2026-03-06T10:30:00'],
				},
			],
			confirmListMailing: [
				{
					name: 'Confirm List Mailing: mailing ID not a whole number',
					field: 'Mailing',
					method: 'confirmSendMessageByList',
					parameters: () => sms('confirmListMailing', { messageId: '={{ $json.v }}', confirmAction: 'info' }),
					values: async () => {
						const list = async () =>
							(
								await direct(
									fixture,
									'POST',
									'sendSmsList',
									{},
									{
										name: 'L',
										message: 'Hi',
										d_schedule: '2026-03-05 10:30',
										list_id: String(fixture.account.listIds[0]),
										alphaname_id: alphaname(),
									},
								)
							).message_id;
						return [await list(), '12.5', await list()];
					},
				},
			],
			sendBatch: [
				{
					name: 'items: bad phone',
					field: 'Phone',
					parameters: () => fromItems(),
					items: () => phones('375291000001', '123', '375291000003'),
					bad: [1],
				},
				{
					name: 'items: personal mailing item without text',
					field: 'Text',
					parameters: () => fromItems({ messageType: 'personal', personalText: '={{ $json.text }}' }),
					items: () => [...phones('375291000001'), { phone: '375291000002' }, ...phones('375291000003')],
					bad: [1],
				},
				{
					name: 'items: callback URL expression that gives nothing',
					field: 'Callback URL',
					parameters: () => fromItems({ callbackUrl: '={{ $json.resumeUrl }}' }),
					items: () => phones('375291000001', '375291000002'),
					bad: [0, 1],
				},
				{
					name: 'items: callback URL that is not http(s)',
					field: 'Callback URL',
					parameters: () => fromItems({ callbackUrl: 'ftp://example.com/cb' }),
					items: () => phones('375291000001', '375291000002'),
					bad: [0, 1],
				},
				{
					name: 'items: schedule time in a wrong format',
					field: 'Send At',
					parameters: () => fromItems({ options: { sendAt: 'next friday' } }),
					items: () => phones('375291000001', '375291000002'),
					bad: [0, 1],
				},
				{
					name: 'items: chunk size above the maximum',
					field: 'Chunk Size',
					parameters: () => fromItems({ options: { chunkSize: 20000 } }),
					items: () => phones('375291000001', '375291000002'),
					bad: [0, 1],
				},
				{
					name: 'JSON: empty delivery list',
					field: 'Mailings \\(JSON\\)',
					parameters: asJson,
					items: () => [{ mailings: [mailing()] }, { mailings: [mailing({ delivery_list: [] })] }, { mailings: [mailing()] }],
					bad: [1],
				},
				{
					name: 'JSON: schedule_time in a wrong format',
					field: 'Mailings \\(JSON\\)',
					parameters: asJson,
					items: () => [
						{ mailings: [mailing()] },
						{ mailings: [mailing({ schedule_time: '2026-03-05 10:30' })] },
						{ mailings: [mailing({ schedule_time: '2026-03-05T10:30:00' })] },
					],
					bad: [1],
				},
				{
					name: 'JSON: personal entry without text',
					field: 'Mailings \\(JSON\\)',
					parameters: asJson,
					items: () => [
						{ mailings: [mailing()] },
						{ mailings: [mailing({ message_type: 'personal', text: undefined, delivery_list: [{ phone: '375291000001' }] })] },
						{ mailings: [mailing()] },
					],
					bad: [1],
				},
				{
					name: 'JSON: bulk mailing without text',
					field: 'Mailings \\(JSON\\)',
					parameters: asJson,
					items: () => [{ mailings: [mailing()] }, { mailings: [mailing({ text: '' })] }, { mailings: [mailing()] }],
					bad: [1],
				},
			],
			sendAndWait: waiting.sms,
		},
		chatMessage: { ...chatBadInputCases(fixture), sendAndWait: waiting.chatMessage },
		verificationCode: {
			send: [
				{
					name: 'Verification code: code with letters',
					field: 'Verification Code',
					method: 'sendOtpAppOne',
					parameters: () => otp({ codeSource: 'given', code: '={{ $json.v }}' }),
					values: () => ['123456', '12a456', '654321'],
				},
				{
					name: 'Verification code: code of 17 digits',
					field: 'Verification Code',
					method: 'sendOtpAppOne',
					parameters: () => otp({ codeSource: 'given', code: '={{ $json.v }}' }),
					values: () => ['1234567890123456', '12345678901234567', '1'],
				},
				{
					name: 'Verification code: generated length 17',
					field: 'Code Length',
					method: 'sendOtpAppTwo',
					parameters: () => otp({ channel: 'appTwo', codeLength: '={{ $json.v }}' }),
					values: () => [4, 17, 16],
				},
				{
					name: 'Verification code: bad phone',
					field: 'Phone',
					method: 'sendOtpAppOne',
					parameters: () => otp({ phone: '={{ $json.v }}' }),
					values: () => ['375291000001', 'call me', '375291000003'],
				},
			],
		},
		template: templateBadInputCases(),
	};
}
