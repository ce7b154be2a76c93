// Custom API Call: n8n's HTTP Request node with this credential (predefined credential type)
// calls any method of the spec; the credential puts the key where the spec puts `token` for the
// path called. In a real n8n, against the emulator and a hostile redirecting service.
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { locationFor, looksLikeSuccess, startRecordingServer } from '../hostile/redirects';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n } from './lib/shared-n8n';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

const KEY = 'e2e-custom-call-KEY-93f1c7a2';
const PHONE = '375291234567';

describe('Custom API Call: the HTTP Request node with the Messaging Service credential', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [KEY], quiet: true });
		({ client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Custom API call: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: KEY, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	async function call(name: string, parameters: INodeParameters, with_ = credential) {
		const workflow = await client.createWorkflow(
			workflowOf(`Custom API call: ${name}`, [
				manualTriggerNode(),
				{
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [220, 0],
					parameters: {
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'messagingServiceApi',
						options: {},
						...parameters,
					},
					credentials: { messagingServiceApi: { id: with_.id, name: with_.name } },
				},
			]),
		);
		const execution = await client.runManually(workflow.id);
		return { execution, text: await client.executionAsText(execution.id) };
	}

	const pairs = (values: Record<string, string>) => ({
		parameters: Object.entries(values).map(([name, value]) => ({ name, value })),
	});

	it('a query-token method (sendQuickSMS): the key in the query string, the SMS sent once', async () => {
		const account = sandbox.account(KEY);
		const { execution, text } = await call('sendQuickSMS', {
			method: 'POST',
			url: `${sandbox.url}/api/v1/sendQuickSMS`,
			sendQuery: true,
			queryParameters: pairs({
				phone: PHONE,
				message: 'Custom call',
				alphaname_id: String(account.alphanameIds[0]),
			}),
		});
		expect(executionError(execution)).toBeUndefined();
		expect(nodeOutput(execution, 'HTTP Request')[0]).toHaveProperty('sms_id');
		const requests = sandbox.requests();
		expect(
			requests.map((request) => [request.apiMethod, request.status, request.query.token]),
		).toEqual([['sendQuickSMS', 200, KEY]]);
		expect(text).not.toContain(KEY);
	});

	it('a form-token method (sendQuickChatMessage): the key in the form body, not in the URL', async () => {
		const account = sandbox.account(KEY);
		const { execution, text } = await call('sendQuickChatMessage', {
			method: 'POST',
			url: `${sandbox.url}/api/v2/sendQuickChatMessage`,
			sendBody: true,
			contentType: 'form-urlencoded',
			bodyParameters: pairs({
				chatname_id: String(account.chatnameIds[0]),
				phone: PHONE,
				type_message: 'TEXT',
				message: 'Custom chat',
			}),
		});
		expect(executionError(execution)).toBeUndefined();
		expect(nodeOutput(execution, 'HTTP Request')[0]).toMatchObject({ status: 'OK' });
		const [request] = sandbox.requests();
		expect([request.apiMethod, request.status, request.body?.token, request.query.token]).toEqual([
			'sendQuickChatMessage',
			200,
			KEY,
			undefined,
		]);
		expect(text).not.toContain(KEY);
	});

	it('a JSON batch method (sendBulkSms): the key in the query string and the JSON body', async () => {
		const account = sandbox.account(KEY);
		const { execution, text } = await call('sendBulkSms', {
			method: 'POST',
			url: `${sandbox.url}/api/v1/sendBulkSms`,
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody: JSON.stringify({
				callback_url: 'http://127.0.0.1:9/outcome',
				messages: [
					{
						name: 'Custom batch',
						alphaname_id: String(account.alphanameIds[0]),
						message_type: 'bulk',
						text: 'Hi',
						delivery_list: [PHONE],
					},
				],
			}),
		});
		expect(executionError(execution)).toBeUndefined();
		expect(nodeOutput(execution, 'HTTP Request')[0]).toHaveProperty('uuid');
		const [request] = sandbox.requests();
		expect([request.apiMethod, request.status, request.query.token, request.body?.token]).toEqual([
			'sendBulkSms',
			200,
			KEY,
			KEY,
		]);
		expect(text).not.toContain(KEY);
	});

	it('a URL outside the Base URL is refused: the key goes to the service and nowhere else', async () => {
		const other = await startRecordingServer(() => looksLikeSuccess());
		try {
			const { execution, text } = await call('another host', {
				method: 'POST',
				url: `http://localhost:${other.port}/api/v1/sendQuickSMS`,
				sendQuery: true,
				queryParameters: pairs({ phone: PHONE, message: 'x' }),
			});
			expect(execution.status).toBe('error');
			expect(executionError(execution)).toMatch(/sends its API key only to its Base URL/);
			expect(other.seen).toEqual([]);
			expect(text).not.toContain(KEY);
		} finally {
			await other.close();
		}
	});

	it('a service that answers 307 to another host: the HTTP Request node does not follow it with the key', async () => {
		const other = await startRecordingServer(() => looksLikeSuccess());
		const service = await startRecordingServer((request, port) => ({
			status: 307,
			headers: { location: locationFor('other host', request, port, other.port) },
		}));
		try {
			const hostile = await client.createCredential({
				name: 'Custom API call: Messaging Service (redirecting)',
				type: 'messagingServiceApi',
				data: {
					apiKey: KEY,
					baseUrl: `http://127.0.0.1:${service.port}`,
					allowUnencryptedHttp: false,
				},
			});
			const { text } = await call(
				'redirect',
				{
					method: 'POST',
					url: `http://127.0.0.1:${service.port}/api/v2/sendQuickChatMessage`,
					sendBody: true,
					contentType: 'form-urlencoded',
					bodyParameters: pairs({ chatname_id: '1', phone: PHONE, message: 'x' }),
				},
				hostile,
			);
			expect(service.seen).toHaveLength(1);
			expect(service.seen[0].body).toContain(`token=${KEY}`);
			expect(other.seen).toEqual([]);
			expect(text).not.toContain(KEY);
		} finally {
			await other.close();
			await service.close();
		}
	});
});
