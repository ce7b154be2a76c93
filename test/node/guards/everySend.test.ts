import type { IDataObject } from 'n8n-workflow';

import * as suppressionList from '../../../nodes/MessagingService/guards/suppressionList';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { runWithResumeLink } from '../sendAndWait/waiting';
import { smsSetup } from '../sms/setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

const BLOCKED = '375291000002';
const OPEN = '375291000001';
/** The blocked phone as people write it, the list as text: lines, commas and semicolons, blank lines skipped. */
const LIST_AS_TEXT = '+375 44 555-00-11\n\n+375 (29) 100-00-02, 00375447770000; ';
const items = [{ phone: OPEN }, { phone: BLOCKED }];

const sends = () =>
	fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod?.startsWith('send') && request.status === 200);
const sentTo = () =>
	sends().map((request) => String(request.query.phone ?? (request.body as IDataObject)?.phone));

describe('Do Not Send To on every operation that sends to a phone', () => {
	it.each([
		['SMS > Send', 'sms', 'send', {}],
		['Chat Message > Send', 'chatMessage', 'send', {}],
		['SMS > Send Created Message', 'sms', 'sendCreatedMessage', {}],
		['Verification Code > Send', 'verificationCode', 'send', {}],
	] as const)(
		'%s: the blocked phone gets nothing and its item says why; the other is sent and says sent: true',
		async (_title, resource, operation, extra) => {
			const created =
				operation === 'sendCreatedMessage'
					? { createdMessageId: String(await createMessage()) }
					: {};
			const { items: outputs } = await fixture.runOk({
				parameters: params(fixture.account, resource, operation, {
					phone: '={{ $json.phone }}',
					...extra,
					...created,
					options: { doNotSendTo: LIST_AS_TEXT },
				}),
				items,
				typeVersion: resource === 'verificationCode' ? 3 : undefined,
			});
			expect(sends()).toHaveLength(1);
			expect(sentTo()).toEqual([OPEN]);
			expect(outputs.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(outputs[0].json.sent).toBe(true);
			expect(outputs[1].json).toEqual({ sent: false, reason: 'doNotSendTo', phone: BLOCKED });
		},
	);

	it('Verification Code > Send with Send Codes Despite Do Not Send To: the code goes, and the output says the phone is on the list', async () => {
		const { items: outputs } = await fixture.runOk({
			parameters: params(fixture.account, 'verificationCode', 'send', {
				phone: '={{ $json.phone }}',
				options: { doNotSendTo: LIST_AS_TEXT, ignoreDoNotSendTo: true },
			}),
			items,
			typeVersion: 3,
		});
		expect(sentTo().sort()).toEqual([OPEN, BLOCKED]);
		expect(outputs[0].json).toMatchObject({ sent: true });
		expect(outputs[0].json.onDoNotSendTo).toBeUndefined();
		expect(outputs[1].json).toMatchObject({
			sent: true,
			onDoNotSendTo: true,
			phone: BLOCKED,
			token: expect.any(String),
		});
	});

	it.each([
		['SMS', 'sms'],
		['Chat Message', 'chatMessage'],
	] as const)(
		'%s > Send and Wait for Response to a blocked phone: nothing is sent and nothing waits',
		async (_title, resource) => {
			const run = await runWithResumeLink(fixture, {
				parameters: params(fixture.account, resource, 'sendAndWait', {
					phone: BLOCKED,
					options: { doNotSendTo: `={{ ["+${BLOCKED}"] }}` },
				}),
			});
			expect(run.error).toBeUndefined();
			expect(sends()).toEqual([]);
			expect(run.run.waitTill).toBeUndefined();
			expect(run.items.map((item) => item.json)).toEqual([
				{ sent: false, reason: 'doNotSendTo', phone: BLOCKED },
			]);
		},
	);

	it('Chat Message > Send Batch: the blocked recipient is left out of the mailing and reported, paired with its item', async () => {
		const { items: outputs } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'sendBatch', {
				options: { doNotSendTo: LIST_AS_TEXT },
			}),
			items: [...items, { phone: '375291000003' }],
		});
		const mailings = sends().flatMap(
			(request) => (request.body as IDataObject).messages as IDataObject[],
		);
		expect(mailings.map((mailing) => mailing.delivery_list)).toEqual([[OPEN, '375291000003']]);
		expect(
			outputs.map((item) => [
				item.json.sent,
				item.json.recipients ?? item.json.reason,
				item.pairedItem,
			]),
		).toEqual([
			[true, 2, [{ item: 0 }, { item: 2 }]],
			[false, 'doNotSendTo', { item: 1 }],
		]);
	});

	it('reads the list once per run, however many items: 300 items, one reading of a 10,000-phone list', async () => {
		const reading = jest.spyOn(suppressionList, 'readSuppressionList');
		try {
			// the items of an earlier node, as `$('Opted-out phones').all()` gives them
			const list =
				"Array.from({ length: 10000 }, (_, i) => ({ json: { phone: '+44 7700 ' + (100000 + i) } }))";
			const { items: outputs } = await fixture.runOk({
				parameters: params(fixture.account, 'sms', 'send', {
					phone: '={{ $json.phone }}',
					options: {
						doNotSendTo: `={{ ${list} }}`,
						quietHours: '00:00-23:59',
						recipientTimeZone: 'Pacific/Kiritimati',
					},
				}),
				items: Array.from({ length: 300 }, (_, index) => ({ phone: String(375290000000 + index) })),
			});
			expect(reading).toHaveBeenCalledTimes(1);
			expect(outputs).toHaveLength(300);
		} finally {
			reading.mockRestore();
		}
	});
});

describe('Do Not Send To on a list mailing', () => {
	it.each([
		['SMS', 'sms'],
		['Chat Message', 'chatMessage'],
	] as const)(
		'%s > Send to List refuses it, naming the option, instead of sending the list unfiltered',
		async (_title, resource) => {
			const run = await fixture.run({
				parameters: params(fixture.account, resource, 'sendToList', {
					options: { doNotSendTo: `+${BLOCKED}` },
				}),
			});
			expect(run.error?.message).toMatch(
				/^Invalid Do Not Send To "\+375291000002" in item 0: a list mailing cannot be filtered/,
			);
			expect(sends()).toEqual([]);
		},
	);
});
