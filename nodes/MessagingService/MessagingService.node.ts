import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { operationFieldsOf, resourceOptions, resources } from './actions/resources';
import { route } from './actions/router';
import { sendAndWaitWebhook } from './actions/shared/sendAndWait/webhook';
import { sendAndWaitWebhooks } from './actions/shared/sendAndWait/webhooks';
import { replyWaitWebhook } from './actions/shared/replyWait/webhook';
import {
	searchChatMailings,
	searchCreatedMessages,
	searchSmsMailings,
	searchSmsMessagesAndMailings,
	searchTemplates,
} from './methods/listSearch';
import { messagingServiceApiTest } from './methods/credentialTest';
import { actionNodeBuilderHint } from './hints/builder';
import { actionNodeEditorHints } from './hints/editor';

export class MessagingService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service',
		name: 'messagingService',
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['output'],
		// 2: one vocabulary (Send At in every operation that schedules, Template > Get Many's value getMany)
		// and Timeout always under Options; 3: Verification Code > Send returns a token, not the code,
		// and has a resend cooldown (docs/verification-codes.md)
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Send SMS, chat-app messages and verification codes, read chat replies and manage message templates',
		defaults: { name: 'Messaging Service' },
		usableAsTool: true,
		builderHint: actionNodeBuilderHint,
		hints: actionNodeEditorHints,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' },
		],
		webhooks: sendAndWaitWebhooks,
		waitingNodeTooltip:
			'={{ $parameter.operation === "sendAndWait" ? "The execution goes on when the recipient answers" : $parameter.operation === "sendAndWaitForReply" ? "The execution goes on when the phone replies in the chat" : "" }}',
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
					...operationFieldsOf(resource),
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

	/** The answer to Send and Wait for Response (the page of its link, and the page's POST), or the reply desk's resume of Send and Wait for Reply. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getNodeParameter('operation', '') === 'sendAndWaitForReply')
			return await replyWaitWebhook.call(this);
		return await sendAndWaitWebhook.call(this);
	}
}
