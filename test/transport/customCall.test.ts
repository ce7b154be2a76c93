/**
 * Custom API Call: the request options n8n's HTTP Request node hands to the credential (legacy
 * shape: `uri`, `qs`, `form`, `formData`, `body` as object or text), sent through n8n-core's own
 * `requestWithAuthentication` in the real engine, to the emulator. The credential finds the
 * method by the path and puts the key where the spec puts `token` for it.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { startRecordingServer } from '../hostile/redirects';
import { TEST_API_KEY } from '../harness/keys';
import { registerNodeType } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const CUSTOM_CALL_NODE_TYPE = 'n8n-nodes-messaging-service.customCallProbe';

interface LegacyRequestHelpers {
	requestWithAuthentication(
		this: IExecuteFunctions,
		credentialsType: string,
		options: IDataObject,
	): Promise<unknown>;
}

/** Calls `requestWithAuthentication` with the options given, as the HTTP Request node does with a predefined credential. */
class CustomCallProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Custom Call Probe',
		name: 'customCallProbe',
		group: ['output'],
		version: 1,
		description: 'Sends one request in the shape of the HTTP Request node',
		defaults: { name: 'Custom Call Probe' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingServiceApi', required: true }],
		properties: [{ displayName: 'Request', name: 'request', type: 'json', default: '{}' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('request', 0);
		const request = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject;
		// the HTTP Request node's own helper (legacy request options), not the one the package uses
		const helpers = this.helpers as unknown as LegacyRequestHelpers;
		const response = (await helpers.requestWithAuthentication.call(this, 'messagingServiceApi', {
			resolveWithFullResponse: true,
			simple: false,
			followRedirect: true,
			followAllRedirects: true,
			...request,
		})) as { statusCode: number };
		return [[{ json: { statusCode: response.statusCode }, pairedItem: { item: 0 } }]];
	}
}
registerNodeType(CUSTOM_CALL_NODE_TYPE, new CustomCallProbe());

const fixture = useSandbox();

async function call(request: IDataObject) {
	return await fixture.run({
		nodeType: CUSTOM_CALL_NODE_TYPE,
		parameters: { request: JSON.stringify(request) },
	});
}

describe('Custom API Call: the request shapes of the HTTP Request node', () => {
	const phone = '375291234567';
	const uri = (path: string) => `${fixture.sandbox.url}${path}`;

	it('query parameters (sendQuickSMS): the key in the query string', async () => {
		const result = await call({
			method: 'POST',
			uri: uri('/api/v1/sendQuickSMS'),
			qs: { phone, message: 'Hi', alphaname_id: String(fixture.account.alphanameIds[0]) },
			json: true,
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.apiMethod, request.query.token, request.status]).toEqual([
			'sendQuickSMS',
			TEST_API_KEY,
			200,
		]);
	});

	it('a form body (sendQuickChatMessage): the key in the form, not in the URL', async () => {
		const form = {
			chatname_id: String(fixture.account.chatnameIds[0]),
			phone,
			type_message: 'TEXT',
			message: 'Hi',
		};
		const result = await call({
			method: 'POST',
			uri: uri('/api/v2/sendQuickChatMessage'),
			form,
			json: true,
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.bodyType, request.body?.token, request.query.token, request.status]).toEqual([
			'form',
			TEST_API_KEY,
			undefined,
			200,
		]);
	});

	it('a multipart body (sendQuickChatMessage): the key in the multipart form', async () => {
		const formData = {
			chatname_id: String(fixture.account.chatnameIds[0]),
			phone,
			type_message: 'TEXT',
			message: 'Hi',
		};
		const result = await call({
			method: 'POST',
			uri: uri('/api/v2/sendQuickChatMessage'),
			formData,
			json: true,
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.bodyType, request.body?.token, request.query.token, request.status]).toEqual([
			'multipart',
			TEST_API_KEY,
			undefined,
			200,
		]);
	});

	it('a form body typed as text (createTemplateMessage): the key added to it', async () => {
		const result = await call({
			method: 'POST',
			uri: uri('/api/v2/createTemplateMessage'),
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'name=From+text&message=Hello',
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.body, request.status]).toEqual([
			{ name: 'From text', message: 'Hello', token: TEST_API_KEY },
			200,
		]);
	});

	const batch = () => ({
		callback_url: 'http://127.0.0.1:9/outcome',
		messages: [
			{
				name: 'Custom',
				alphaname_id: String(fixture.account.alphanameIds[0]),
				message_type: 'bulk',
				text: 'Hi',
				delivery_list: [phone],
			},
		],
	});

	it('a JSON body as an object (sendBulkSms): the key in the query string and the body', async () => {
		const result = await call({
			method: 'POST',
			uri: uri('/api/v1/sendBulkSms'),
			body: batch(),
			json: true,
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.query.token, request.body?.token, request.status]).toEqual([
			TEST_API_KEY,
			TEST_API_KEY,
			200,
		]);
	});

	it('a JSON body as text (sendBulkSms, raw body): the key in the query string and the body', async () => {
		const result = await call({
			method: 'POST',
			uri: uri('/api/v1/sendBulkSms'),
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(batch()),
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect([request.query.token, request.body?.token, request.status]).toEqual([
			TEST_API_KEY,
			TEST_API_KEY,
			200,
		]);
	});

	it('a token typed into the URL is replaced, not sent twice', async () => {
		const result = await call({
			method: 'POST',
			uri: `${uri('/api/v2/getTemplateMessages')}?token=typed-by-hand`,
			json: true,
		});
		expect(result.items[0]?.json).toEqual({ statusCode: 200 });
		const [request] = fixture.sandbox.requests();
		expect(request.query.token).toBe(TEST_API_KEY);
	});

	it('a path that is not one of the spec: the key in the query string', async () => {
		await call({ method: 'POST', uri: uri('/api/v3/somethingNew'), form: { a: '1' }, json: true });
		const [request] = fixture.sandbox.requests();
		expect([request.path, request.query.token, request.body?.token]).toEqual([
			'/api/v3/somethingNew',
			TEST_API_KEY,
			undefined,
		]);
	});

	it('a URL on another host is refused: nothing is sent there', async () => {
		const other = await startRecordingServer(() => ({ status: 200, body: '{}' }));
		try {
			const result = await call({
				method: 'POST',
				uri: `http://localhost:${other.port}/api/v1/sendQuickSMS`,
				qs: { phone },
				json: true,
			});
			expect(result.error?.message).toMatch(/sends its API key only to its Base URL/);
			expect(other.seen).toEqual([]);
		} finally {
			await other.close();
		}
	});

	it('a redirect to another host is not followed, even when the request asks for it', async () => {
		const other = await startRecordingServer(() => ({ status: 200, body: '{}' }));
		const service = await startRecordingServer((request) => ({
			status: 308,
			headers: { location: `http://127.0.0.1:${other.port}${request.url}` },
		}));
		try {
			const result = await fixture.run({
				baseUrl: `http://127.0.0.1:${service.port}`,
				nodeType: CUSTOM_CALL_NODE_TYPE,
				parameters: {
					request: JSON.stringify({
						method: 'POST',
						uri: `http://127.0.0.1:${service.port}/api/v2/createTemplateMessage`,
						form: { name: 'a', message: 'b' },
					}),
				},
			});
			expect(result.items[0]?.json).toEqual({ statusCode: 308 });
			expect(service.seen).toHaveLength(1);
			expect(other.seen).toEqual([]);
		} finally {
			await other.close();
			await service.close();
		}
	});
});
