import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resources } from './actions/resources';
import { route } from './actions/router';
import {
	searchChatMailings,
	searchCreatedMessages,
	searchSmsMailings,
	searchSmsMessagesAndMailings,
	searchTemplates,
} from './methods/listSearch';
import { messagingServiceApiTest } from './methods/credentialTest';

export class MessagingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service',
		name: 'messagingService',
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send SMS, chat-app messages and verification codes, read chat replies and manage message templates',
		defaults: { name: 'Messaging Service' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions,
				default: 'sms',
			},
			...Object.values(resources)
				.filter((resource) => Object.keys(resource.operations).length > 0)
				.flatMap((resource) => [
				resource.operationField,
				...Object.values(resource.operations).flatMap((operation) => operation.description),
			]),
		],
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
		listSearch: {
			searchChatMailings,
			searchCreatedMessages,
			searchSmsMailings,
			searchSmsMessagesAndMailings,
			searchTemplates,
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
