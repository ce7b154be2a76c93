/**
 * The Timeout each operation shows is the one applied. Every operation of the node (read from
 * its description, so a new one cannot be left out) shows Timeout in its Options collection and
 * runs against a service that takes the request and never answers: the item fails at that
 * Timeout, and the error names it.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { MessagingService } from '../../../nodes/MessagingService/MessagingService.node';
import { runNode } from '../../harness/runNode';
import { startScriptedServer, type ScriptedServer } from '../../hostile/scriptedServer';

const PHONE = '375291234567';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The fewest parameters with which each operation sends its first request. */
const MINIMAL: Record<string, IDataObject> = {
	'sms.send': { phone: PHONE, message: 'Hello', senderNameId: '1001' },
	'sms.sendAndWait': { phone: PHONE, message: 'Approve?', senderNameId: '1001' },
	'sms.sendBatch': { mailingName: 'Sale', senderNameId: '1001', messageType: 'bulk', text: 'Sale', recipientsFrom: 'define', recipientPhone: PHONE, callbackUrl: 'https://example.com/outcome' },
	'sms.sendToList': { mailingName: 'Sale', message: 'Sale', senderNameId: '1001', listId: '3001' },
	'sms.getBatchStatus': { uuid: '3f2b8c1e-5d4a-4b7e-9c61-2a8f0d9e7b35' },
	'sms.getStatus': { smsId: '101' },
	'sms.getManyMessages': { returnAll: false, limit: 5 },
	'sms.getManyMailings': { returnAll: false, limit: 5 },
	'sms.getManyDeliveries': { messageOrMailingId: byId('101'), returnAll: false, limit: 5 },
	'sms.createMessage': { message: 'Stored text' },
	'sms.sendCreatedMessage': { phone: PHONE, createdMessageId: byId('101') },
	'sms.getMessageStatus': { createdMessageId: byId('101') },
	'sms.confirmListMailing': { messageId: byId('101') },
	'chatMessage.send': { chatnameId: '2001', phone: PHONE, messageType: 'TEXT', message: 'Hello' },
	'chatMessage.sendAndWait': { chatnameId: '2001', phone: PHONE, messageType: 'TEXT', message: 'Approve?' },
	'chatMessage.sendBatch': { mailingName: 'Sale', senderNameId: '2001', messageType: 'bulk', contentType: 'text', chatText: 'Sale', recipientsFrom: 'define', recipientPhone: PHONE },
	'chatMessage.sendToList': { mailingName: 'Sale', chatnameId: '2001', listId: '3001', messageType: 'TEXT', message: 'Sale' },
	'chatMessage.getBatchStatus': { uuid: '3f2b8c1e-5d4a-4b7e-9c61-2a8f0d9e7b35' },
	'chatMessage.getMailing': { messageId: byId('101') },
	'chatMessage.getManyMailings': { returnAll: false, limit: 5 },
	'chatMessage.getDeliveryStatus': { messageId: byId('101'), phone: PHONE },
	'chatMessage.getManyDeliveries': { messageId: byId('101'), returnAll: false, limit: 5 },
	'chatMessage.confirmListMailing': { messageId: byId('101') },
	'reply.getManyNew': { messageId: byId('101') },
	'reply.markAsRead': { replyIds: '40000001' },
	'verificationCode.send': { phone: PHONE, codeSource: 'given', code: '1234' },
	'template.create': { name: 'Welcome', message: 'Hello' },
	'template.get': { template: byId('5001') },
	'template.getMany': { returnAll: false, limit: 5 },
	'template.update': { template: byId('5001'), updateFields: { message: 'Hello again' } },
	'template.delete': { template: byId('5001') },
};

const { properties } = new MessagingService().description;

/** Every resource and operation the node offers, with the Options collection that operation shows. */
function operations(): Array<{ key: string; resource: string; operation: string; options?: INodeProperties }> {
	const resources = properties.find((property) => property.name === 'resource')?.options as INodePropertyOptions[];
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

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer();
	// takes every request and never answers
	server.script(() => undefined);
});
afterAll(async () => await server.close());

describe('the Timeout option of each operation', () => {
	it('has minimal parameters here for every operation the node offers', () => {
		expect(operations().map(({ key }) => key).sort()).toEqual(Object.keys(MINIMAL).sort());
	});

	it.concurrent.each(operations().map((entry) => [entry.key, entry] as const))('%s shows Timeout in Options and applies it', async (_key, entry) => {
		const timeout = (entry.options?.options as INodeProperties[] | undefined)?.find((option) => option.name === 'timeout');
		expect(timeout).toEqual(expect.objectContaining({ displayName: 'Timeout', type: 'number' }));

		const before = server.requests.length;
		const result = await runNode({
			baseUrl: server.url,
			parameters: { resource: entry.resource, operation: entry.operation, ...MINIMAL[entry.key], options: { timeout: 1 } },
			additionalData: { executionId: 'timeout-test', webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting' },
		});
		expect(result.error?.message).toMatch(/within 1 seconds \(the Timeout option\)/);
		expect(server.requests.length).toBeGreaterThan(before);
	});

	it('keeps the Timeout a workflow saved with node version 1 set under Additional Fields of SMS > Create Message', async () => {
		const result = await runNode({
			baseUrl: server.url,
			typeVersion: 1,
			parameters: { resource: 'sms', operation: 'createMessage', message: 'Stored text', additionalFields: { timeout: 1 } },
		});
		expect(result.error?.message).toMatch(/did not answer createSmsMessage within 1 seconds \(the Timeout option\)/);
	});
});
