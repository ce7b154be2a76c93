import type { IDataObject, INodeExecutionData, ITriggerFunctions } from 'n8n-workflow';

import { optOutRecognizerOf } from '../helpers/optOutOptions';
import { withOptOut } from '../replies/items';

/** The chat trigger's outputs, in order: turns for the bot, the turns that ask to stop, and the turns of conversations a person has. */
export const CHAT_TRIGGER_OUTPUT_NAMES = ['Turns', 'Opt-Outs', 'To Person'];
const TURNS = 0;
const OPT_OUTS = 1;
const TO_PERSON = 2;

/**
 * Where each turn goes: the data of one emit, the turn on Turns or, when one of its messages asks
 * to stop, on Opt-Outs, never to the bot: answering the rest of the turn would message a customer
 * who just asked not to be messaged. The turn is whole there (every text in Chat Input, each reply
 * in Replies with its own Opt Out), so nothing the customer wrote is lost; it is remembered and
 * marked read like any other turn. With Opt-Out Recognition off, every turn goes to Turns. A turn
 * of a conversation a person has (its `conversation.holder`, set by chatTrigger/handoffDesk.ts)
 * goes to To Person, never to the bot; an opt-out goes to Opt-Outs whoever has the conversation.
 */
export function optOutRouting(context: ITriggerFunctions): (turn: INodeExecutionData) => INodeExecutionData[][] {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const recognizer = optOutRecognizerOf(options, (message) => context.logger.warn(message));
	return (turn) => {
		const marked = withOptOut(turn, recognizer);
		const outputs: INodeExecutionData[][] = [[], [], []];
		const withPerson = (marked.json.conversation as IDataObject | undefined)?.holder === 'person';
		outputs[marked.json.optOut === true ? OPT_OUTS : withPerson ? TO_PERSON : TURNS].push(marked);
		return outputs;
	};
}
