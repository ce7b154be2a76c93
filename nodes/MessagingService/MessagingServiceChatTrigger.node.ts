import type {
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';
import { NodeConnectionTypes, sleep } from 'n8n-workflow';

import { chatTriggerProperties } from './chatTrigger/description';
import { readChatSettings } from './chatTrigger/config';
import { ChatEngine, PARALLEL_READS } from './chatTrigger/engine';
import { CHAT_TRIGGER_OUTPUT_NAMES, optOutRouting } from './chatTrigger/optOutOutput';
import { MAX_RECIPIENTS } from './chatTrigger/phoneBook';
import { everySecond } from './chatTrigger/schedule';
import { serviceZone } from './helpers/serviceZone';
import { messagingServiceApiTest } from './methods/credentialTest';
import { createApiClient } from './transport/client';
import { donePromise, ledgerOf } from './replies/acknowledgment';
import { RequestPacer } from './transport/pacer';
import { accountOf, apiKeyOf, itemsWithoutKey, withoutKey } from './transport/secrets';
import { isBotAnswer, phoneOfChatSent } from './helpers/chatsSent';
import { claimedByWait, claimWaitsOfRun } from './replyWait/registry';
import { credentialIdOf, takeSendsOfRun } from './sends/noteSent';
import { chatTriggerBuilderHint } from './hints/builder';
import { HandoffDesk } from './handoff/desk';
import { CHAT_TRIGGER_NODE_NAME } from './handoff/executionTurn';

/** How long "Listen for Test Event" waits for a turn before n8n's editor gives up anyway. */
const MANUAL_LIMIT_MS = 10 * 60_000;

export class MessagingServiceChatTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Service Chat Trigger',
		name: CHAT_TRIGGER_NODE_NAME,
		icon: {
			light: 'file:../../icons/messagingService.svg',
			dark: 'file:../../icons/messagingService.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Answer after " + $parameter["quietWindowSeconds"] + " s of silence"}}',
		description:
			'Starts the workflow within seconds when a customer replying to a chat mailing stops typing, once per turn',
		defaults: { name: 'Messaging Service Chat Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		outputNames: CHAT_TRIGGER_OUTPUT_NAMES,
		credentials: [
			{ name: 'messagingServiceApi', required: true, testedBy: 'messagingServiceApiTest' },
		],
		eventTriggerDescription: 'Waiting for a customer to reply to a chat mailing',
		activationMessage: 'Replies to your chat mailings now start this workflow, once per turn.',
		properties: chatTriggerProperties,
		builderHint: chatTriggerBuilderHint,
	};

	methods = {
		credentialTest: { messagingServiceApiTest },
	};

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manual = this.getMode() === 'manual';
		const apiKey = await apiKeyOf(this);
		const settings = readChatSettings(this);
		const route = optOutRouting(this);
		const account = await accountOf(this);
		const credentialId = credentialIdOf(this);
		const zone = await serviceZone(this);
		const handoff = new HandoffDesk({
			workflowId: String(this.getWorkflow().id ?? ''),
			zone,
			persist: !manual,
			nodeStaticData: this.getWorkflowStaticData('node'),
			globalStaticData: this.getWorkflowStaticData('global'),
			maxRecipients: MAX_RECIPIENTS,
			isBotAnswer: (mailingId) => isBotAnswer(account, mailingId),
			warn: (message) => this.logger.warn(message),
		});
		let turns = 0;
		const engine = new ChatEngine(
			{
				node: this.getNode(),
				client: createApiClient(this, {
					pacer: new RequestPacer(PARALLEL_READS),
					timeoutMs: 10_000,
				}),
				staticData: this.getWorkflowStaticData('node'),
				zone,
				persist: !manual,
				// n8n replaces `emit` of a manual run after trigger() returns: looked up at each call
				emit: (item, finished) => {
					turns++;
					// the execution's change records come back when it ends (channel 2, handoff/executionData.ts)
					const done = donePromise(
						(run) => {
							if (run) handoff.readRun(run);
							const sends = takeSendsOfRun(run, account, credentialId);
							claimWaitsOfRun(run, account, credentialId);
							handoff.botAnswers(sends.filter((send) => send.byBot).map((send) => send.id));
							finished();
						},
						() => undefined,
					);
					this.emit(
						route(item).map((items) => itemsWithoutKey(items, apiKey)),
						undefined,
						done,
					);
				},
				handoff,
				ledger: ledgerOf(`${this.getWorkflow().id ?? ''}:${this.getNode().id}`),
				warn: (message) => this.logger.warn(message),
				sentTo: (mailingId) => phoneOfChatSent(account, mailingId),
				claimed: (phone, mailingId, replyId) => claimedByWait(account, phone, mailingId, replyId),
				report: (error) => {
					const clean = withoutKey(error, apiKey);
					if (typeof this.saveFailedExecution === 'function')
						this.saveFailedExecution(clean as never);
					else this.logger.error(clean.message);
				},
			},
			settings,
		);
		try {
			await engine.start();
		} catch (error) {
			handoff.close();
			throw withoutKey(error, apiKey);
		}
		let closed = false;
		const closeFunction = async () => {
			closed = true;
			handoff.close();
			await engine.stop();
		};
		if (manual) {
			const manualTriggerFunction = async () => {
				const until = Date.now() + MANUAL_LIMIT_MS;
				while (!closed && turns === 0 && Date.now() < until) {
					await sleep(1000);
					await engine.check();
				}
			};
			return { closeFunction, manualTriggerFunction };
		}
		everySecond(this, async () => await engine.check());
		return { closeFunction };
	}
}
