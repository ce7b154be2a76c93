import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { sendToList } = smsSetup(fixture);
const mailings = (overrides: INodeParameters) =>
	params(fixture.account, 'sms', 'getManyMailings', overrides);

describe('SMS > Get Many Mailings', () => {
	it('lists all mailings with no type, or only API / WEB ones, as a GET with type in the query', async () => {
		await sendToList();
		fixture.sandbox.clearRequests();

		const all = await fixture.run({ parameters: mailings({ returnAll: true }) });
		expect(all.items.map((item) => item.json.type).sort()).toEqual(['API', 'WEB']);
		const api = await fixture.run({
			parameters: mailings({ returnAll: true, filters: { type: 'API' } }),
		});
		expect(api.items.map((item) => item.json.name)).toEqual(['March newsletter']);
		const limited = await fixture.run({ parameters: mailings({ limit: 1 }) });
		expect(limited.items).toHaveLength(1);

		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => [request.httpMethod, request.path, request.bodyType])).toEqual(
			[
				['GET', '/api/v1/getSMSMessages', 'none'],
				['GET', '/api/v1/getSMSMessages', 'none'],
				['GET', '/api/v1/getSMSMessages', 'none'],
			],
		);
		expect(requests[0].query).toEqual({ token: expect.any(String) });
		expect(requests[1].query).toEqual({ token: expect.any(String), type: 'API' });
	});

	it('outputs nothing (no error) when the service has no mailing of that type (406 content not found)', async () => {
		const { items, error } = await fixture.run({
			parameters: mailings({ returnAll: true, filters: { type: 'API' } }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
		expect(fixture.sandbox.requests()[0].status).toBe(406);
	});
});
