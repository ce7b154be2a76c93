import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { fieldsFromSend, responseFields } from '../shared/sendAndWait/fields';
import { sendAndWait } from '../shared/sendAndWait/execute';
import { withLink } from '../shared/sendAndWait/link';
import { resolveMessageText } from '../shared/messageFrom';
import { forOperation } from '../display';
import type { ExecutionTools } from '../types';
import * as send from './send.operation';

const LINK_HINT =
	'The response link (about 150 characters) is added on a new line; it usually makes the SMS one part longer';

const sendFields = fieldsFromSend(send.description, 'sms', () => true).map((field) =>
	field.name === 'message' ? { ...field, hint: LINK_HINT } : field,
);

export const description: INodeProperties[] = [
	...sendFields.filter((field) => field.name !== 'options'),
	...forOperation('sms', 'sendAndWait', responseFields),
	...sendFields.filter((field) => field.name === 'options'),
];

/** Sends the SMS through Send, with the link on its own line, and waits. */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	return await sendAndWait(this, items, tools, async (api, link) => {
		const question = await resolveMessageText(this, api, 0);
		await send.execute.call(this, 0, api, withLink(question, link));
		return question;
	});
}
