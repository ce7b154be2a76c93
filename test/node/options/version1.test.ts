/**
 * Node version 2 calls the "when to send" field Send At in every operation and keeps Timeout
 * under Options. A workflow saved with version 1 (Send Time, Schedule Time, Timeout under
 * Additional Fields) still runs, and the service receives the same request from both.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

/** Runs the node with these parameters and returns what the emulator received for the call. */
async function received(typeVersion: number, parameters: IDataObject, items?: IDataObject[]) {
	fixture.sandbox.clearRequests();
	const result = await runNode({ baseUrl: fixture.sandbox.url, typeVersion, parameters, items });
	expect(result.error).toBeUndefined();
	const [request] = fixture.sandbox.requests().filter((entry) => entry.apiMethod !== null);
	return { query: request.query, body: request.body };
}

const WHEN = '2026-03-05T10:30:00';

describe('a workflow saved with node version 1', () => {
	it('SMS > Create Message: Send Time (Additional Fields) is sent as Send At is', async () => {
		const alphanameId = String(fixture.account.alphanameIds[0]);
		const createMessage = (overrides: INodeParameters) =>
			params(fixture.account, 'sms', 'createMessage', overrides);
		const old = await received(
			1,
			createMessage({ additionalFields: { senderNameId: alphanameId, time: WHEN, timeout: 20 } }),
		);
		const current = await received(
			2,
			createMessage({
				additionalFields: { senderNameId: alphanameId, sendAt: WHEN },
				options: { timeout: 20 },
			}),
		);
		expect(old.query.time).toBe('2026-03-05 10:30');
		expect(old).toEqual(current);
	});

	it('SMS > Send to List: Send Time is sent as Send At is', async () => {
		const base = params(fixture.account, 'sms', 'sendToList');
		const old = await received(1, { ...base, sendTime: WHEN });
		const current = await received(2, { ...base, sendAt: WHEN });
		expect(JSON.stringify(old)).toContain('2026-03-05 10:30');
		expect(old).toEqual(current);
	});

	it('SMS > Send Batch: Schedule Time (Options) is sent as Send At is', async () => {
		const base = params(fixture.account, 'sms', 'sendBatch', {
			callbackUrl: 'https://example.com/outcome',
		});
		const items = [{ phone: '375291234567' }];
		const old = await received(1, { ...base, options: { scheduleTime: WHEN } }, items);
		const current = await received(2, { ...base, options: { sendAt: WHEN } }, items);
		expect(JSON.stringify(old.body)).toContain('"schedule_time":"2026-03-05T10:30:00"');
		// each send signs its own callback URL; everything else is the same
		const unsigned = (body: unknown) => JSON.stringify(body).replace(/\?ref=[^"]*/, '');
		expect(unsigned(old.body)).toEqual(unsigned(current.body));
	});

	it('Template > Get Many saved as "getAll" still lists the templates', async () => {
		const getMany = params(fixture.account, 'template', 'getMany', { returnAll: false, limit: 2 });
		const old = await runNode({
			baseUrl: fixture.sandbox.url,
			typeVersion: 1,
			parameters: { ...getMany, operation: 'getAll' },
		});
		const current = await runNode({
			baseUrl: fixture.sandbox.url,
			typeVersion: 2,
			parameters: getMany,
		});
		expect(old.error).toBeUndefined();
		expect(old.items).toHaveLength(2);
		expect(old.items).toEqual(current.items);
	});

	it('offers version 1 Template > Get Many as "getAll", version 2 as "getMany"', () => {
		const { MessagingService } = jest.requireActual(
			'../../../nodes/MessagingService/MessagingService.node',
		);
		const fields = (
			new MessagingService().description.properties as Array<{
				name: string;
				options?: Array<{ name: string; value: string }>;
				displayOptions?: IDataObject;
			}>
		)
			.filter(
				(property) =>
					property.name === 'operation' &&
					JSON.stringify(property.displayOptions).includes('"template"'),
			)
			.map((property) => [
				JSON.stringify(property.displayOptions?.show),
				property.options?.find((option) => option.name === 'Get Many')?.value,
			]);
		expect(fields).toEqual([
			[expect.stringContaining('"@version":[1]'), 'getAll'],
			[expect.stringContaining('"_cnd":{"gte":2}'), 'getMany'],
		]);
	});

	it('shows version 1 its own field names, and version 2 only Send At', () => {
		const { MessagingService } = jest.requireActual(
			'../../../nodes/MessagingService/MessagingService.node',
		);
		const names = (
			new MessagingService().description.properties as Array<{
				name: string;
				displayOptions?: IDataObject;
			}>
		)
			.filter((property) => ['sendTime', 'sendAt'].includes(property.name))
			.map((property) => [property.name, JSON.stringify(property.displayOptions?.show ?? {})]);
		expect(names).toEqual([
			['sendTime', expect.stringContaining('"@version":[1]')],
			['sendAt', expect.stringContaining('"_cnd":{"gte":2}')],
		]);
	});
});
