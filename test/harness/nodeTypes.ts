import type { IDataObject, INodeType, INodeTypes } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceCallbackTrigger } from '../../nodes/MessagingService/MessagingServiceCallbackTrigger.node';

/** The package's node types, loaded from source, under the names n8n gives custom nodes. */
const nodeTypes: Record<string, INodeType> = {
	'n8n-nodes-messaging-service.messagingService': new MessagingService(),
	'n8n-nodes-messaging-service.messagingServiceCallbackTrigger':
		new MessagingServiceCallbackTrigger(),
};

export function registerNodeType(name: string, nodeType: INodeType) {
	nodeTypes[name] = nodeType;
}

export const harnessNodeTypes: INodeTypes = {
	getByName: (name) => nodeTypes[name],
	getByNameAndVersion: (name) => nodeTypes[name],
	getKnownTypes: (): IDataObject => ({}),
};
