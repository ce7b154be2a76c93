import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
	IRun,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { deliveryTriggerProperties } from './delivery/description';
import { pollDeliveries, type DeliveryPollResult } from './delivery/poll';
import { donePromise } from './replies/acknowledgment';
import { accountOf, apiKeyOf, itemsWithoutKey, withoutKey } from './transport/secrets';
import { credentialIdOf, takeSendsOfRun } from './sends/noteSent';
import { messagingServiceApiTest } from './methods/credentialTest';
import { deliveryTriggerBuilderHint } from './hints/builder';

export class MessagingServiceDeliveryTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service Delivery Trigger',
		name: 'messagingServiceDeliveryTrigger',
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["watch"] === "recentMailings" ? "Statuses of recent mailings" : "Statuses of messages sent from this n8n"}}',
		description: 'Starts a workflow when a message is delivered, read or fails, once per message',
		defaults: { name: 'Messaging Service Delivery Trigger' },
		polling: true,
		builderHint: deliveryTriggerBuilderHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' },
		],
		properties: deliveryTriggerProperties,
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		let result: DeliveryPollResult;
		try {
			result = await pollDeliveries.call(this);
		} catch (error) {
			throw withoutKey(error, await apiKeyOf(this));
		}
		const apiKey = await apiKeyOf(this);
		if (result.testEvent) return result.testEvent.map((items) => itemsWithoutKey(items, apiKey));
		const { execution } = result;
		if (execution) {
			const account = await accountOf(this);
			const credentialId = credentialIdOf(this);
			// started here with a done promise: its events are done once n8n has finished it
			this.__emit(
				execution.data.map((items) => itemsWithoutKey(items, apiKey)),
				undefined,
				donePromise<IRun | undefined>((run) => {
					takeSendsOfRun(run, account, credentialId);
					execution.finished();
				}, execution.notFinished),
			);
		}
		return null;
	}
}
