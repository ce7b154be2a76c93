import type { INodeParameters } from 'n8n-workflow';

import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { sendBatch } = smsSetup(fixture);
const deliveries = (overrides: INodeParameters) =>
	params(fixture.account, 'sms', 'getManyDeliveries', overrides);

describe('SMS > Get Many Deliveries', () => {
	async function mailingOf(count: number): Promise<number> {
		const phones = Array.from(
			{ length: count },
			(_, index) => `3752910${String(index).padStart(5, '0')}`,
		);
		const uuid = await sendBatch(phones, { mailingName: 'Deliveries' });
		const status = await fixture.run({
			parameters: params(fixture.account, 'sms', 'getBatchStatus', { uuid }),
		});
		fixture.sandbox.advanceClock(120);
		fixture.sandbox.clearRequests();
		return Number(status.items[0].json.message_id);
	}

	it('with Return All, pages past 100 deliveries; message_id, limit_offset and limit_rows in the query', async () => {
		const messageId = await mailingOf(130);
		const { items, error } = await fixture.run({
			parameters: deliveries({ messageOrMailingId: String(messageId), returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(130);
		expect(items[0].json).toEqual({
			phone: 375291000000,
			status: 'delivered',
			d_sent: expect.any(String),
		});
		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => request.query)).toEqual([
			{
				token: expect.any(String),
				message_id: String(messageId),
				limit_offset: '0',
				limit_rows: '100',
			},
			{
				token: expect.any(String),
				message_id: String(messageId),
				limit_offset: '100',
				limit_rows: '100',
			},
			{
				token: expect.any(String),
				message_id: String(messageId),
				limit_offset: '130',
				limit_rows: '100',
			},
		]);
		expect(
			requests.every(
				(request) => request.httpMethod === 'GET' && request.path === '/api/v1/getSmsDeliveryList',
			),
		).toBe(true);
	});

	it('stops at the limit', async () => {
		const messageId = await mailingOf(12);
		const { items } = await fixture.run({
			parameters: deliveries({ messageOrMailingId: String(messageId), limit: 5 }),
		});
		expect(items).toHaveLength(5);
		expect(fixture.sandbox.requests()).toHaveLength(1);
	});
});

describe('SMS > Get Many Deliveries: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.getManyDeliveries);
});
