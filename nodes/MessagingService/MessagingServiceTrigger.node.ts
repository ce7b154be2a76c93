import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
	IRun,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties } from './trigger/description';
import { accountOf, apiKeyOf, itemsWithoutKey, withoutKey } from './transport/secrets';
import { credentialIdOf, takeSendsOfRun } from './sends/noteSent';
import { donePromise } from './replies/acknowledgment';
import { pollReplies, type PollResult } from './trigger/poll';
import { isScheduledTask } from './trigger/pollTimeShare';
import { searchChatMailings } from './methods/listSearch';
import { messagingServiceApiTest } from './methods/credentialTest';
import { replyTriggerBuilderHint } from './hints/builder';
import { replyTriggerEditorHints } from './hints/editor';
import { pollingSince } from './trigger/processMemory';

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
		subtitle:
			'={{$parameter["watch"] === "specificMailings" ? "Replies to specific mailings" : "Replies to recent mailings"}}',
		// n8n's node creator shows this text for the one entry it makes of both nodes of the package
		description:
			'Send SMS, chat-app messages and verification codes, and start workflows on replies to chat mailings',
		defaults: { name: 'Messaging Service Trigger' },
		polling: true,
		builderHint: replyTriggerBuilderHint,
		hints: replyTriggerEditorHints,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' },
		],
		properties: triggerProperties,
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
		listSearch: { searchChatMailings },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// n8n refuses to activate a workflow whose first poll throws, so a mailing that cannot be
		// read is reported from the second poll after n8n (re)loads the workflow on; n8n's durable
		// scheduler hands each scheduled poll a static data object of its own
		let mayReport = false;
		if (this.getMode() !== 'manual') {
			const staticData = this.getWorkflowStaticData('node');
			mayReport = pollingSince.has(staticData) || isScheduledTask(this);
			pollingSince.add(staticData);
		}
		let result: PollResult;
		try {
			result = await pollReplies.call(this, mayReport);
		} catch (error) {
			throw withoutKey(error, await apiKeyOf(this));
		}
		const { executions, report, testEvent } = result;
		const apiKey = await apiKeyOf(this);
		if (testEvent) return testEvent.map((items) => itemsWithoutKey(items, apiKey));
		// every execution is started here, with a done promise: its replies are acknowledged when n8n has finished it
		const account = executions.length > 0 ? await accountOf(this) : '';
		const credentialId = credentialIdOf(this);
		for (const execution of executions) {
			const data = execution.data.map((items) => itemsWithoutKey(items, apiKey));
			this.__emit(
				data,
				undefined,
				donePromise<IRun | undefined>((run) => {
					takeSendsOfRun(run, account, credentialId);
					execution.finished();
				}, execution.notFinished),
			);
		}
		// the replies that could be read start their executions before the report is raised
		if (report) throw withoutKey(report, apiKey);
		return null;
	}
}
