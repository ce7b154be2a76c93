import { withCredential } from '../../../scripts/demo/examples';
import type { WorkflowData } from './n8n-types';
import { manualTriggerNode, workflowOf } from './workflow-builder';

/** A manual workflow whose Chat Message > Send sends one message to each of `phones`. */
export function chatSendsWorkflow(
	name: string,
	phones: string[],
	chatnameId: string,
	credential: { id: string; name: string },
): WorkflowData {
	return withCredential(
		workflowOf(name, [
			manualTriggerNode(),
			{
				name: 'Phones',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: {
					jsCode: `return ${JSON.stringify(phones.map((phone) => ({ json: { phone } })))};`,
				},
			},
			{
				name: 'Send',
				type: 'n8n-nodes-messaging-service.messagingService',
				typeVersion: 2,
				position: [400, 0],
				parameters: {
					resource: 'chatMessage',
					operation: 'send',
					chatnameId,
					phone: '={{ $json.phone }}',
					messageType: 'TEXT',
					messageFrom: 'text',
					message: 'Your parcel arrives today.',
					options: {},
				},
			},
		]),
		credential,
	);
}
