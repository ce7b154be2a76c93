/**
 * The node types that the package's builder hints name: n8n's own (as n8n 2.x registers them)
 * and the package's. test/docs/builderHints.test.ts checks every name a hint gives against a list
 * of its own, so a wrong name here fails there too.
 */
export const N8N_NODE_TYPES = {
	agent: '@n8n/n8n-nodes-langchain.agent',
	simpleMemory: '@n8n/n8n-nodes-langchain.memoryBufferWindow',
	redisMemory: '@n8n/n8n-nodes-langchain.memoryRedisChat',
	postgresMemory: '@n8n/n8n-nodes-langchain.memoryPostgresChat',
	webhook: 'n8n-nodes-base.webhook',
	wait: 'n8n-nodes-base.wait',
	dataTable: 'n8n-nodes-base.dataTable',
	if: 'n8n-nodes-base.if',
} as const;

const PACKAGE = 'n8n-nodes-messaging-service';

export const PACKAGE_NODE_TYPES = {
	action: `${PACKAGE}.messagingService`,
	replyTrigger: `${PACKAGE}.messagingServiceTrigger`,
	chatTrigger: `${PACKAGE}.messagingServiceChatTrigger`,
	callbackTrigger: `${PACKAGE}.messagingServiceCallbackTrigger`,
	deliveryTrigger: `${PACKAGE}.messagingServiceDeliveryTrigger`,
} as const;
