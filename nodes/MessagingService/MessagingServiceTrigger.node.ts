import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties } from './trigger/description';
import { apiKeyOf, itemsWithoutKey, withoutKey } from './transport/secrets';
import { pollReplies, type PollResult } from './trigger/poll';
import { searchChatMailings } from './methods/listSearch';
import { messagingServiceApiTest } from './methods/credentialTest';
import { replyTriggerBuilderHint } from './hints/builder';
import { replyTriggerEditorHints } from './hints/editor';

/** The static data of the workflows this n8n process has polled (process memory, never state). */
const pollingSince = new WeakSet<object>();

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
		builderHint: replyTriggerBuilderHint,
		hints: replyTriggerEditorHints,
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
		// n8n refuses to activate a workflow whose first poll throws, so a mailing that cannot be
		// read is reported from the second poll after n8n (re)loads the workflow on
		let mayReport = false;
		if (this.getMode() !== 'manual') {
			const staticData = this.getWorkflowStaticData('node');
			mayReport = pollingSince.has(staticData);
			pollingSince.add(staticData);
		}
		let result: PollResult;
		try {
			result = await pollReplies.call(this, mayReport);
		} catch (error) {
			throw withoutKey(error, await apiKeyOf(this));
		}
		const { executions, report } = result;
		const apiKey = await apiKeyOf(this);
		const clean = executions.map((execution) => execution.map((items) => itemsWithoutKey(items, apiKey)));
		if (report) {
			// the replies that could be read start their executions before the report is raised
			for (const execution of clean) this.__emit(execution);
			throw withoutKey(report, apiKey);
		}
		if (clean.length === 0) return null;
		// n8n starts one execution with what poll() returns; the others are started here
		for (const execution of clean.slice(0, -1)) this.__emit(execution);
		return clean[clean.length - 1];
	}
}
