// The editor's side of the package in a real n8n: the pickers' lists, loaded through the REST call
// the editor makes (POST /rest/dynamic-node-parameters/resource-locator-results), and the
// credential's Test (POST /rest/credentials/test) for a Base URL that cannot be reached.
import { createServer, type AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '../sandbox';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n } from './lib/shared-n8n';

const PACKAGE = 'n8n-nodes-messaging-service';
const TOKEN = 'e2e-picker-token';

interface ListAnswer {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}

describe('the pickers and the credential test in the n8n editor', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true });
		({ client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Editor pickers: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	/** What the editor asks when a picker's list opens, or when the user types a search into it. */
	async function list(
		node: 'messagingService' | 'messagingServiceTrigger',
		parameters: Record<string, unknown>,
		path: string,
		methodName: string,
		filter?: string,
		paginationToken?: string,
	): Promise<ListAnswer> {
		return await client.request<ListAnswer>(
			'post',
			'/rest/dynamic-node-parameters/resource-locator-results',
			{
				nodeTypeAndVersion: { name: `${PACKAGE}.${node}`, version: 1 },
				path,
				methodName,
				currentNodeParameters: parameters,
				credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				...(filter !== undefined ? { filter } : {}),
				...(paginationToken !== undefined ? { paginationToken } : {}),
			},
		);
	}

	async function chatMessage(text: string): Promise<string> {
		const body = new URLSearchParams({
			token: TOKEN,
			chatname_id: String(sandbox.account(TOKEN).chatnameIds[0]),
			phone: '375291234567',
			message: text,
		});
		const answer = (await (
			await fetch(`${sandbox.url}/api/v2/sendQuickChatMessage`, { method: 'POST', body })
		).json()) as {
			result: { message_id: number };
		};
		return String(answer.result.message_id);
	}

	it('Chat Message > Get Mailing lists the chat mailings with text, type, date, status and ID; a search filters them', async () => {
		const order = await chatMessage('Your order 1234 has shipped');
		const survey = await chatMessage('How did we do? Reply 1 to 5');
		const parameters = {
			resource: 'chatMessage',
			operation: 'getMailing',
			messageId: { __rl: true, mode: 'list', value: '' },
		};
		const all = await list(
			'messagingService',
			parameters,
			'parameters.messageId',
			'searchChatMailings',
		);
		expect(all.results).toEqual([
			{
				name: `Your order 1234 has shipped · ID ${order} · TEXT · 2026-03-02 09:00 · SENT`,
				value: order,
			},
			{
				name: `How did we do? Reply 1 to 5 · ID ${survey} · TEXT · 2026-03-02 09:00 · SENT`,
				value: survey,
			},
		]);
		const searched = await list(
			'messagingService',
			parameters,
			'parameters.messageId',
			'searchChatMailings',
			'reply 1',
		);
		expect(searched.results.map((entry) => entry.value)).toEqual([survey]);

		const trigger = await list(
			'messagingServiceTrigger',
			{
				watch: 'specificMailings',
				mailings: { mailing: [{ messageId: { __rl: true, mode: 'list', value: '' } }] },
			},
			'parameters.mailings.mailing[0].messageId',
			'searchChatMailings',
			'order',
		);
		expect(trigger.results.map((entry) => entry.value)).toEqual([order]);
	});

	it('SMS pickers list the mailings and the created messages, with names and IDs', async () => {
		const mailings = await list(
			'messagingService',
			{ resource: 'sms', operation: 'confirmListMailing' },
			'parameters.messageId',
			'searchSmsMailings',
		);
		expect(mailings.results).toEqual([
			{
				name: 'February newsletter · ID 10000002 · Mailing · WEB · 2026-03-01 09:00 UTC · SENT',
				value: '10000002',
			},
		]);
		const messages = await list(
			'messagingService',
			{ resource: 'sms', operation: 'sendCreatedMessage' },
			'parameters.createdMessageId',
			'searchCreatedMessages',
		);
		expect(messages.results).toEqual([
			{
				name: 'Spring sale: 20% off everythi… · ID 10000001 · Created Message · 2026-03-01 09:00 · moderated',
				value: '10000001',
			},
		]);
		const both = await list(
			'messagingService',
			{ resource: 'sms', operation: 'getManyDeliveries' },
			'parameters.messageOrMailingId',
			'searchSmsMessagesAndMailings',
			'spring',
		);
		expect(both.results.map((entry) => entry.value)).toEqual(['10000001']);
	});

	it('the template picker lists the templates by name', async () => {
		const templates = await list(
			'messagingService',
			{ resource: 'template', operation: 'get' },
			'parameters.template',
			'searchTemplates',
			'ship',
		);
		const [, shipped] = sandbox.account(TOKEN).templateIds;
		expect(templates.results).toEqual([
			{ name: `Order shipped · ID ${shipped}`, value: String(shipped) },
		]);
	});

	it('a long list comes in pages: the next page is asked with the paginationToken', async () => {
		for (let i = 0; i < 105; i++) await chatMessage(`Bulk ${i}`);
		const parameters = { resource: 'reply', operation: 'getManyNew' };
		const first = await list(
			'messagingService',
			parameters,
			'parameters.messageId',
			'searchChatMailings',
		);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await list(
			'messagingService',
			parameters,
			'parameters.messageId',
			'searchChatMailings',
			undefined,
			first.paginationToken,
		);
		expect(second.results.length).toBeGreaterThan(0);
		expect(second.paginationToken).toBeUndefined();
	});

	it('the credential test tells in a sentence that the service could not be reached', async () => {
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		await new Promise<void>((resolve) => server.close(() => resolve()));
		const data = {
			apiKey: TOKEN,
			baseUrl: `http://127.0.0.1:${port}`,
			allowUnencryptedHttp: false,
		};
		const result = await client.testCredential({
			...credential,
			type: 'messagingServiceApi',
			data,
		});
		expect(result).toEqual({
			status: 'Error',
			message: `The service could not be reached at http://127.0.0.1:${port}: the connection was refused. Check the Base URL in the credential (host and port) and that the service is running.`,
		});
		const unknown = await client.testCredential({
			...credential,
			type: 'messagingServiceApi',
			data: { ...data, baseUrl: 'https://no-such-host.invalid' },
		});
		expect(unknown.message).toMatch(
			/^The service could not be reached at https:\/\/no-such-host\.invalid: no host of that name was found\./,
		);
	});
});
