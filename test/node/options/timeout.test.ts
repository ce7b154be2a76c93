/**
 * The Timeout each operation shows is the one applied. Every operation of the node (read from
 * its description, so a new one cannot be left out) shows Timeout in its Options collection and
 * runs against a service that takes the request and never answers: the item fails at that
 * Timeout, and the error names it.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { MessagingService } from '../../../nodes/MessagingService/MessagingService.node';
import { knownConversations } from '../../harness/conversations';
import { knownOperations, params, type AccountIds } from '../../harness/params';
import { runNode } from '../../harness/runNode';
import { startScriptedServer, type ScriptedServer } from '../../hostile/scriptedServer';

/** A server that takes every request takes any IDs. */
const ANY_IDS: AccountIds = {
	alphanameIds: [1001],
	chatnameIds: [2001],
	listIds: [3001],
	templateIds: [5001],
};
/** One input item; Send Batch reads its recipient's phone from it. */
const ITEMS = [{ phone: '375291234567' }];

const { properties } = new MessagingService().description;

/** Every resource and operation the node offers, with the Options collection that operation shows. */
function operations(): Array<{
	key: string;
	resource: string;
	operation: string;
	options?: INodeProperties;
}> {
	const resources = properties.find((property) => property.name === 'resource')
		?.options as INodePropertyOptions[];
	return resources.flatMap(({ value: resource }) => {
		const field = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource) &&
				JSON.stringify(property.displayOptions.show['@version']) !== '[1]',
		);
		return (field?.options as INodePropertyOptions[]).map(({ value: operation }) => ({
			key: `${resource}.${operation}`,
			resource: String(resource),
			operation: String(operation),
			options: properties.find(
				(property) =>
					property.name === 'options' &&
					property.displayOptions?.show?.resource?.includes(resource) &&
					property.displayOptions?.show?.operation?.includes(operation),
			),
		}));
	});
}

/** Operations that ask the service nothing (Verification Code > Check works in n8n alone, Conversation > Get State reads the Chat Trigger's state): no Timeout to apply. */
const WITHOUT_REQUEST = ['verificationCode.check', 'conversation.getState'];
/** Hand Over and Hand Back take only a conversation the Chat Trigger knows (their message is the request timed here). */
const STATIC_DATA: Record<string, () => IDataObject> = {
	'conversation.handOver': () => knownConversations(['375291234567']),
	'conversation.handBack': () => knownConversations(['375291234567']),
};

/** Far below the default (30 s), and far above what a busy machine takes to get a request to the server. */
const TIMEOUT_S = 3;

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer();
	// takes every request and never answers
	server.script(() => undefined);
});
afterAll(async () => await server.close());

describe('the Timeout option of each operation', () => {
	it('has minimal parameters (the parameter builder) for every operation the node offers', () => {
		expect(
			operations()
				.map(({ key }) => key)
				.sort(),
		).toEqual(knownOperations().sort());
	});

	it.concurrent.each(
		operations()
			.filter(({ key }) => !WITHOUT_REQUEST.includes(key))
			.map((entry) => [entry.key, entry] as const),
	)('%s shows Timeout in Options and applies it', async (_key, entry) => {
		const timeout = (entry.options?.options as INodeProperties[] | undefined)?.find(
			(option) => option.name === 'timeout',
		);
		expect(timeout).toEqual(expect.objectContaining({ displayName: 'Timeout', type: 'number' }));

		const before = server.requests.length;
		const result = await runNode({
			baseUrl: server.url,
			parameters: params(ANY_IDS, entry.resource, entry.operation, {
				options: { timeout: TIMEOUT_S },
			}),
			items: ITEMS,
			staticData: STATIC_DATA[entry.key]?.(),
			additionalData: {
				executionId: 'timeout-test',
				webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			},
		});
		expect(result.error?.message).toContain(`within ${TIMEOUT_S} seconds (the Timeout option)`);
		expect(server.requests.length).toBeGreaterThan(before);
	});

	it('keeps the Timeout a workflow saved with node version 1 set under Additional Fields of SMS > Create Message', async () => {
		const result = await runNode({
			baseUrl: server.url,
			typeVersion: 1,
			parameters: params(ANY_IDS, 'sms', 'createMessage', {
				additionalFields: { timeout: TIMEOUT_S },
			}),
		});
		expect(result.error?.message).toContain(
			`did not answer createSmsMessage within ${TIMEOUT_S} seconds (the Timeout option)`,
		);
	});
});
