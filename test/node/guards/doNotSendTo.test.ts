import type { IDataObject } from 'n8n-workflow';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { SUPPRESSED_INDEXES, recipientPhone, writtenWay } from './phones';

const fixture = useSandbox();

const RECIPIENTS = 1000;
const phones = Array.from({ length: RECIPIENTS }, (_, index) => recipientPhone(index));
const suppressedPhones = SUPPRESSED_INDEXES.map(recipientPhone);
/** The 50 phones as a Data table's rows would give them, six ways of writing them. */
const optOutRows = suppressedPhones.map((phone, k) => ({
	id: k + 1,
	phone: writtenWay(phone, k),
	createdAt: '2026-03-01T10:00:00.000Z',
}));

/** Do Not Send To given as the rows of an earlier node (an expression that returns them). */
const DO_NOT_SEND_TO_ROWS = { doNotSendTo: `={{ ${JSON.stringify(optOutRows)} }}` };

function sentPhones(): string[] {
	return fixture.sandbox
		.requests()
		.filter((request) => request.status === 200)
		.flatMap((request) => {
			if (request.apiMethod === 'sendBulkSms') {
				const messages = (request.body as IDataObject).messages as IDataObject[];
				return messages.flatMap((mailing) => mailing.delivery_list as string[]);
			}
			if (request.apiMethod === 'sendQuickSMS') return [String(request.query.phone)];
			return [];
		});
}

describe('Do Not Send To', () => {
	it('Send Batch: 1,000 recipients, 50 on the list written six ways: exactly the 950 others reach the service', async () => {
		const { items } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendBatch', {
				mailingName: 'Sale',
				text: 'Hi',
				options: DO_NOT_SEND_TO_ROWS,
			}),
			items: phones.map((phone, index) => ({ phone: index % 2 === 0 ? `+${phone}` : phone })),
		});
		const sent = sentPhones();
		expect(sent).toHaveLength(950);
		expect(new Set(sent).size).toBe(950);
		expect(sent.filter((phone) => suppressedPhones.includes(phone))).toEqual([]);

		const mailing = items.filter((item) => item.json.uuid !== undefined);
		expect(mailing).toHaveLength(1);
		expect(mailing[0].json).toMatchObject({ recipients: 950, sent: true });
		expect((mailing[0].pairedItem as Array<{ item: number }>).map((paired) => paired.item)).toEqual(
			phones.map((_, index) => index).filter((index) => !SUPPRESSED_INDEXES.includes(index)),
		);
		const reported = items.filter((item) => item.json.sent === false);
		expect(reported.map((item) => item.pairedItem)).toEqual(
			SUPPRESSED_INDEXES.map((item) => ({ item })),
		);
		expect(reported.map((item) => item.json)).toEqual(
			suppressedPhones.map((phone) => ({ sent: false, reason: 'doNotSendTo', phone })),
		);
	});

	it('SMS > Send: 1,000 items at Concurrency 200, 50 on the list: 950 requests, the 50 outputs say sent: false, all paired', async () => {
		const { items } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'send', {
				phone: '={{ $json.phone }}',
				options: { ...DO_NOT_SEND_TO_ROWS, concurrency: 200 },
			}),
			items: phones.map((phone) => ({ phone })),
		});
		const sent = sentPhones();
		expect(sent).toHaveLength(950);
		expect(sent.filter((phone) => suppressedPhones.includes(phone))).toEqual([]);
		expect(
			fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendQuickSMS'),
		).toHaveLength(950);

		expect(items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		items.forEach((item, index) => {
			if (SUPPRESSED_INDEXES.includes(index))
				expect(item.json).toEqual({ sent: false, reason: 'doNotSendTo', phone: phones[index] });
			else expect(item.json).toMatchObject({ sent: true, sms_id: expect.anything() });
		});
	});
});
