import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { batchStatusOutput } from '../../../nodes/MessagingService/actions/shared/batchStatus';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { sendBatch: sendBatchTo } = smsSetup(fixture);

const sendBatch = async (phones: string[]) =>
	await sendBatchTo(phones, {
		mailingName: 'Status check',
		text: 'Hello',
		callbackUrl: 'http://127.0.0.1:9/callback',
		options: { chunkSize: 2 },
	});
const batchStatus = (overrides: INodeParameters) =>
	params(fixture.account, 'sms', 'getBatchStatus', overrides);

describe('SMS > Get Batch Status', () => {
	it('asks statusBulkSms with the uuid in the query and outputs one item per mailing', async () => {
		const uuid = await sendBatch(['375291000001', '375291000002']);
		fixture.sandbox.advanceClock(10);
		const { items, request } = await fixture.runOk({
			parameters: batchStatus({ uuid: '={{ $json.uuid }}' }),
			items: [{ uuid }],
		});
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/statusBulkSms',
			bodyType: 'none',
			status: 200,
		});
		expect(request.query).toEqual({ token: expect.any(String), uuid });

		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			message_id: expect.any(Number),
			name: 'Status check',
			alphaname_id: fixture.account.alphanameIds[0],
			success: [
				expect.objectContaining({
					phone: '375291000001',
					status: 'DELIVERED',
					delivery_id: expect.any(Number),
				}),
				expect.objectContaining({ phone: '375291000002', status: 'DELIVERED' }),
			],
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('outputs one item per delivery entry with the mailing id and name, for each input uuid', async () => {
		const first = await sendBatch(['375291000001', '375291000002']);
		const second = await sendBatch(['375291000003']);
		const { items, error } = await fixture.run({
			parameters: batchStatus({ uuid: '={{ $json.uuid }}', options: { output: 'delivery' } }),
			items: [{ uuid: first }, { uuid: second }],
		});
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.phone, item.json.status, item.json.name, item.pairedItem]),
		).toEqual([
			['375291000001', 'NEW', 'Status check', { item: 0 }],
			['375291000002', 'NEW', 'Status check', { item: 0 }],
			['375291000003', 'NEW', 'Status check', { item: 1 }],
		]);
		expect(items[0].json).toEqual({
			message_id: expect.any(Number),
			name: 'Status check',
			alphaname_id: fixture.account.alphanameIds[0],
			delivery_id: expect.any(Number),
			phone: '375291000001',
			status: 'NEW',
			status_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/),
		});
	});
});

describe('SMS > Get Batch Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.getBatchStatus);
});

describe('batch status output', () => {
	const records: IDataObject[] = [
		{
			message_id: 1,
			name: 'A',
			alphaname_id: 1001,
			success: [{ delivery_id: 5, phone: '1', status: 'NEW' }],
		},
		{ errors: ['B content url is not valid'] },
	];

	it.each(['mailing', 'delivery'] as const)(
		'surfaces error entries as items with an error text (%s)',
		(output) => {
			const result = batchStatusOutput(records, output);
			expect(result).toHaveLength(2);
			expect(result[1]).toEqual({
				failed: true,
				error: 'The service did not send this mailing: B content url is not valid',
				errors: ['B content url is not valid'],
			});
		},
	);
});
