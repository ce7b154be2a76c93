/**
 * A service that answers with a redirect (301, 302, 303, 307, 308) to another host, to http://
 * on another host, to the same URL (a loop) or to a relative path, for a GET with the key in
 * the query, a POST with the key in the query, a form POST and a JSON batch POST, through the
 * real engine: the other host receives nothing, the service receives each message once, and
 * the error says what happened without showing the key.
 */
import type { INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../harness/keys';
import { runNode } from '../harness/runNode';
import { KEY_FORMS } from '../reliability/lib/leaks';
import {
	locationFor,
	looksLikeSuccess,
	startRecordingServer,
	type RecordingServer,
	type RedirectTarget,
} from './redirects';

const STATUSES = [301, 302, 303, 307, 308];
const TARGETS: RedirectTarget[] = [
	'other host',
	'other host over http',
	'same URL (a loop)',
	'same host, relative',
];

const OPERATIONS: Array<{
	title: string;
	path: string;
	isSend: boolean;
	parameters: INodeParameters;
}> = [
	{
		title: 'SMS > Create Message (GET, key in the query)',
		path: '/api/v1/createSmsMessage',
		isSend: false,
		parameters: {
			resource: 'sms',
			operation: 'createMessage',
			message: 'Stored text',
			additionalFields: { senderNameId: '1' },
		},
	},
	{
		title: 'SMS > Send (POST, key in the query)',
		path: '/api/v1/sendQuickSMS',
		isSend: true,
		parameters: {
			resource: 'sms',
			operation: 'send',
			phone: '375291234567',
			message: 'Hello',
			senderNameId: '1',
		},
	},
	{
		title: 'Chat Message > Send (form POST, key in the form body)',
		path: '/api/v2/sendQuickChatMessage',
		isSend: true,
		parameters: {
			resource: 'chatMessage',
			operation: 'send',
			chatnameId: '1',
			phone: '375291234567',
			messageType: 'TEXT',
			message: 'Hello',
		},
	},
	{
		title: 'SMS > Send Batch (JSON POST, key in the query and the body)',
		path: '/api/v1/sendBulkSms',
		isSend: true,
		parameters: {
			resource: 'sms',
			operation: 'sendBatch',
			buildFrom: 'items',
			mailingName: 'Sale',
			senderNameId: '1',
			messageType: 'bulk',
			text: 'Sale',
			recipientsFrom: 'define',
			recipientPhone: '={{ $json.phone }}',
			callbackUrl: 'http://127.0.0.1:9/outcome',
		},
	},
];

describe('a service that redirects: no redirect is followed with the key', () => {
	let other: RecordingServer;
	let service: RecordingServer;
	let status = 301;
	let target: RedirectTarget = 'other host';

	beforeAll(async () => {
		other = await startRecordingServer(() => looksLikeSuccess());
		service = await startRecordingServer((request, port) => ({
			status,
			headers: { location: locationFor(target, request, port, other.port) },
			body: '{"moved":true}',
		}));
	});
	afterAll(async () => {
		await other.close();
		await service.close();
	});
	beforeEach(() => {
		other.seen.length = 0;
		service.seen.length = 0;
	});

	const cases = OPERATIONS.flatMap((operation) =>
		STATUSES.flatMap((code) =>
			TARGETS.map((to) => [operation.title, code, to, operation] as const),
		),
	);

	it.each(cases)('%s: %i to %s', async (_title, code, to, operation) => {
		status = code;
		target = to;
		const result = await runNode({
			baseUrl: `http://127.0.0.1:${service.port}`,
			parameters: operation.parameters,
			items: [{ phone: '375291234567' }],
		});

		expect(other.seen).toEqual([]);
		expect(service.seen.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual(
			[
				`${operation.parameters.resource === 'sms' && operation.parameters.operation === 'createMessage' ? 'GET' : 'POST'} ${operation.path}`,
			],
		);
		// the key did reach the service itself, once
		expect(`${service.seen[0].url} ${service.seen[0].body}`).toContain(TEST_API_KEY);

		const shownHost =
			to === 'other host over http'
				? `http://localhost:${other.port}`
				: `http://127.0.0.1:${to === 'other host' ? other.port : service.port}`;
		const message = result.error?.message ?? '';
		const description = String(
			(result.error as { description?: string } | undefined)?.description ?? '',
		);
		expect(message).toContain(`with a redirect (${code}) to ${shownHost}`);
		expect(message).toContain('the API key was not sent there');
		expect(description).toMatch(
			operation.isSend ? /^The message was not sent/ : /^Nothing was created or changed/,
		);
		for (const form of KEY_FORMS)
			expect(JSON.stringify([message, description, result.items])).not.toContain(form);
		expect(result.items).toEqual([]);
	});
});
