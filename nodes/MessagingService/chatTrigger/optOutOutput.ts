import type { IDataObject, INodeExecutionData, ITriggerFunctions } from 'n8n-workflow';

import { optOutRecognizerOf } from '../helpers/optOutOptions';
import { withOptOut } from '../replies/items';

/** The chat trigger's outputs, in order: turns for the bot, and the turns that ask to stop. */
export const CHAT_TRIGGER_OUTPUT_NAMES = ['Turns', 'Opt-Outs'];
const TURNS = 0;
const OPT_OUTS = 1;

/**
 * Where each turn goes: the data of one emit, the turn on Turns or, when one of its messages asks
 * to stop, on Opt-Outs, never to the bot: answering the rest of the turn would message a customer
 * who just asked not to be messaged. The turn is whole there (every text in Chat Input, each reply
 * in Replies with its own Opt Out), so nothing the customer wrote is lost; it is remembered and
 * marked read like any other turn. With Opt-Out Recognition off, every turn goes to Turns.
 */
export function optOutRouting(context: ITriggerFunctions): (turn: INodeExecutionData) => INodeExecutionData[][] {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const recognizer = optOutRecognizerOf(options, (message) => context.logger.warn(message));
	return (turn) => {
		const marked = withOptOut(turn, recognizer);
		const outputs: INodeExecutionData[][] = [[], []];
		outputs[marked.json.optOut === true ? OPT_OUTS : TURNS].push(marked);
		return outputs;
	};
}
