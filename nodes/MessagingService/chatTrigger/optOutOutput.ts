import type { IDataObject, INodeExecutionData, ITriggerFunctions } from 'n8n-workflow';

import { consentRecognizerOf } from '../replies/consent/options';
import { withOptOut } from '../replies/items';

/**
 * The chat trigger's outputs, in order: turns for the bot, the turns about consent (opt-out,
 * opt-in, help: the item's `consent` says which), and the turns of conversations a person has.
 * One output for consent rather than three: the node keeps its three outputs and saved
 * workflows their connections, and both reply triggers give the same `consent` field to route on.
 */
export const CHAT_TRIGGER_OUTPUT_NAMES = ['Turns', 'Opt-Outs, Opt-Ins and Help', 'To Person'];
const TURNS = 0;
const CONSENT = 1;
const TO_PERSON = 2;

/**
 * Where each turn goes: the data of one emit, the turn on Turns or, when one of its messages asks
 * to stop, to get messages again or for help, on the second output, never to the bot: answering
 * the rest of the turn would message a customer who just asked not to be messaged, and an opt-in
 * or a help request is answered by the workflow's own text. The turn is whole there (every text in
 * Chat Input, each reply in Replies with its own Consent), so nothing the customer wrote is lost;
 * it is remembered and marked read like any other turn. With Opt-Out Recognition off, every turn
 * goes to Turns. A turn of a conversation a person has (its `conversation.holder`, set by
 * handoff/desk.ts) goes to To Person, never to the bot; a turn about consent goes to
 * the second output whoever has the conversation.
 */
export function optOutRouting(
	context: ITriggerFunctions,
): (turn: INodeExecutionData) => INodeExecutionData[][] {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const recognizer = consentRecognizerOf(options, (message) => context.logger.warn(message));
	return (turn) => {
		const marked = withOptOut(turn, recognizer);
		const outputs: INodeExecutionData[][] = [[], [], []];
		const withPerson = (marked.json.conversation as IDataObject | undefined)?.holder === 'person';
		outputs[
			typeof marked.json.consent === 'string' ? CONSENT : withPerson ? TO_PERSON : TURNS
		].push(marked);
		return outputs;
	};
}
