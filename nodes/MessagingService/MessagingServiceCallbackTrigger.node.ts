import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { callbackTriggerProperties } from './callbackTrigger/description';
import { callbackLifecycle } from './callbackTrigger/lifecycle';
import { receiveCallback } from './callbackTrigger/receive';
import { messagingServiceApiTest } from './methods/credentialTest';
import { callbackTriggerBuilderHint } from './hints/builder';

export class MessagingServiceCallbackTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service Callback Trigger',
		name: 'messagingServiceCallbackTrigger',
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["output"] === "delivery" ? "One item per delivery" : "One item per mailing"}}',
		description:
			'Starts the workflow when the service reports the outcome of a batch sent with Send Batch',
		defaults: { name: 'Messaging Service Callback Trigger' },
		builderHint: callbackTriggerBuilderHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'callback',
			},
		],
		eventTriggerDescription: 'Waiting for a batch callback to the test URL',
		activationMessage: 'Batch callbacks to the production URL now start this workflow.',
		triggerPanel: {
			header: 'Receive the outcome of batches sent with Send Batch',
			executionsHelp: {
				inactive:
					'While building the workflow, click "Listen for test event" and put the test URL into the Callback URL of Send Batch; the next callback shows here. Then publish the workflow and use the production URL: each callback starts an execution.',
				active:
					'The workflow is published: each callback to the production URL starts an execution, one per chunk of a batch.',
			},
			activationHint:
				'Publish the workflow, then use the production URL as the Callback URL of Send Batch.',
		},
		properties: callbackTriggerProperties,
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await callbackLifecycle.checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await callbackLifecycle.create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await callbackLifecycle.delete.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveCallback.call(this);
	}
}
