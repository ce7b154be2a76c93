/**
 * Send Batch states half-done work: mailings given as JSON are all checked before anything is
 * sent, and a failure after some requests went out lists them (mailing names, chunks, uuids).
 */
import { batchMailing } from '../../harness/direct';
import { MAILINGS_AS_JSON, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();
const CALLBACK = 'http://127.0.0.1:9/webhook-waiting/42';

const RETRY_ON_FAIL = { maxTries: 3, waitBetweenTries: 0 };

function mailing(name: string, phone = '375291000001') {
	return batchMailing(fixture.account, name, { text: 'Hello', delivery_list: [phone] });
}

function jsonBatch(
	items: Array<Record<string, unknown>>,
	options: { continueOnFail?: boolean; retryOnFail?: boolean } = {},
) {
	return fixture.run({
		parameters: params(fixture.account, 'sms', 'sendBatch', {
			...MAILINGS_AS_JSON,
			callbackUrl: CALLBACK,
		}),
		items,
		continueOnFail: options.continueOnFail,
		...(options.retryOnFail ? { retryOnFail: RETRY_ON_FAIL } : {}),
	});
}

/** "Promo" to six phones in chunks of two: three requests. */
function chunkedBatch(options: { retryOnFail?: boolean } = {}) {
	return fixture.run({
		parameters: params(fixture.account, 'sms', 'sendBatch', {
			mailingName: 'Promo',
			text: 'Sale',
			callbackUrl: CALLBACK,
			options: { chunkSize: 2 },
		}),
		items: Array.from({ length: 6 }, (_, index) => ({ phone: `37529100000${index}` })),
		...(options.retryOnFail ? { retryOnFail: RETRY_ON_FAIL } : {}),
	});
}

describe('Send Batch, mailings as JSON', () => {
	it('an invalid second item: nothing is sent, and the error says so', async () => {
		const { error } = await jsonBatch([
			{ mailings: [mailing('A')] },
			{ mailings: [{ ...mailing('B'), delivery_list: ['12ab'] }] },
		]);
		expect(error?.message).toMatch(/Invalid Mailings \(JSON\) .* in item 1/);
		expect(error?.description).toMatch(/Nothing was sent before this failure/);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

	it('an invalid text (half an emoji) in the second item: nothing is sent', async () => {
		const { error } = await jsonBatch([
			{ mailings: [mailing('A')] },
			{ mailings: [{ ...mailing('B'), text: 'Hi \ud83d' }] },
		]);
		expect(error?.message).toMatch(
			/in item 1: mailing 1 \(messages\[0\]\): "text": it is not valid Unicode/,
		);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

	it('the second request fails: the error lists what the first one sent (mailing names, uuid)', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendBulkSms', kind: '500-after', after: 1, count: 1 }],
		});
		const { error } = await jsonBatch([
			{ mailings: [mailing('Spring A'), mailing('Spring A2', '375291000002')] },
			{ mailings: [mailing('Spring B', '375291000003')] },
		]);
		expect(error?.message).toMatch(/unavailable \(500\)/);
		expect(error?.description).toMatch(
			/Already sent before this failure \(do not send again\): item 0 \(mailings "Spring A", "Spring A2"\), uuid [0-9a-f-]{36}\./,
		);
		expect(fixture.sandbox.requests()).toHaveLength(2);
	});
});

describe('Send Batch from items, in chunks', () => {
	it('the third chunk fails: the error lists chunks 1 and 2 with their names and uuids', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendBulkSms', kind: '500-before', after: 2, count: 1 }],
		});
		const { error } = await chunkedBatch();
		expect(error?.description).toMatch(/Items 4 to 5 were in chunk 3 of 3\./);
		expect(error?.description).toMatch(
			/Already sent before this failure \(do not send again\): chunk 1 of 3 "Promo \(part 1 of 3\)" \(items 0 to 1\), uuid [0-9a-f-]{36}; chunk 2 of 3 "Promo \(part 2 of 3\)" \(items 2 to 3\), uuid [0-9a-f-]{36}\./,
		);
	});
});

describe('Send Batch under Retry On Fail (3 tries)', () => {
	function chunked(kind: '400' | '500-after') {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendBulkSms', kind, after: 2, count: 1 }] });
		return chunkedBatch({ retryOnFail: true });
	}
	const bulkRequests = () =>
		fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendBulkSms');

	it('the third chunk refused: the next try sends only that chunk; every recipient once, every item paired', async () => {
		const { items, error } = await chunked('400');
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.chunk)).toEqual([1, 2, 3]);
		expect(items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }],
			[{ item: 2 }, { item: 3 }],
			[{ item: 4 }, { item: 5 }],
		]);
		expect(bulkRequests()).toHaveLength(4);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 6, duplicates: 0 });
	});

	it('the third chunk answered 500 after it was processed: no try sends anything again', async () => {
		const { error } = await chunked('500-after');
		expect(error?.description).toMatch(/not sent again by Retry On Fail/);
		expect(error?.description).toMatch(/chunk 1 of 3 "Promo \(part 1 of 3\)"/);
		expect(bulkRequests()).toHaveLength(3);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 6, duplicates: 0 });
	});

	it('mailings as JSON, the second request refused: the next try sends only the second item', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendBulkSms', kind: '400', after: 1, count: 1 }],
		});
		const { items, error } = await jsonBatch(
			[{ mailings: [mailing('J1')] }, { mailings: [mailing('J2', '375291000002')] }],
			{ retryOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(bulkRequests()).toHaveLength(3);
		expect(fixture.sandbox.counters()).toMatchObject({ duplicates: 0 });
	});
});
