import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties } from './trigger/description';
import { apiKeyOf, itemsWithoutKey, withoutKey } from './transport/secrets';
import { pollReplies } from './trigger/poll';
import { searchChatMailings } from './methods/listSearch';
import { messagingServiceApiTest } from './methods/credentialTest';

export class MessagingServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service Trigger',
		name: 'messagingServiceTrigger',
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["watch"] === "specificMailings" ? "Replies to specific mailings" : "Replies to recent mailings"}}',
		// n8n's node creator shows this text for the one entry it makes of both nodes of the package
		description: 'Send SMS, chat-app messages and verification codes, and start workflows on replies to chat mailings',
		defaults: { name: 'Messaging Service Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' }],
		properties: triggerProperties,
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
		listSearch: { searchChatMailings },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		try {
			const executions = await pollReplies.call(this);
			if (executions.length === 0) return null;
			const apiKey = await apiKeyOf(this);
			const clean = executions.map((execution) => execution.map((items) => itemsWithoutKey(items, apiKey)));
			// n8n starts one execution with what poll() returns; the others are started here
			for (const execution of clean.slice(0, -1)) this.__emit(execution);
			return clean[clean.length - 1];
		} catch (error) {
			throw withoutKey(error, await apiKeyOf(this));
		}
	}
}
