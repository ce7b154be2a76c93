import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

describe('SMS > Get Many Messages', () => {
	it('with Return All, pages past the first 100 records with limit_offset/limit_rows in the query', async () => {
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'createMessage', {
				message: '=Message {{ $itemIndex }}',
			}),
			items: Array.from({ length: 149 }, () => ({})),
		});
		expect(error).toBeUndefined();
		fixture.sandbox.clearRequests();

		const { items } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'getManyMessages', { returnAll: true }),
		});
		expect(items).toHaveLength(150);
		expect(new Set(items.map((item) => item.json.message_id)).size).toBe(150);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		const requests = fixture.sandbox.requests();
		expect(
			requests.map((request) => [
				request.httpMethod,
				request.path,
				request.query.limit_offset,
				request.query.limit_rows,
			]),
		).toEqual([
			['GET', '/api/v1/getMessagesList', '0', '100'],
			['GET', '/api/v1/getMessagesList', '100', '100'],
			// a short page may be the service's cap on limit_rows: the list ends at an empty page
			['GET', '/api/v1/getMessagesList', '150', '100'],
		]);
	});

	it('stops at the limit with one request', async () => {
		await createMessage('a');
		await createMessage('b');
		const { items } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'getManyMessages', { returnAll: false, limit: 2 }),
		});
		expect(items).toHaveLength(2);
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({
			token: expect.any(String),
			limit_offset: '0',
			limit_rows: '2',
		});
	});
});
