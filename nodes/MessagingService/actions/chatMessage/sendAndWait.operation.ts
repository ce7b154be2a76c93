import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../base/validation';
import { forOperation } from '../display';
import { messageFromFields, resolveMessageText } from '../shared/messageFrom';
import { fieldsFromSend, responseFields } from '../shared/sendAndWait/fields';
import { sendAndWait } from '../shared/sendAndWait/execute';
import { checkButtonLink, withLink } from '../shared/sendAndWait/link';
import type { ExecutionTools } from '../types';
import * as send from './send.operation';

/** Send's fields that Send and Wait for Response keeps as they are (the button's image included). */
const SEND_FIELDS: ReadonlySet<string> = new Set([
	'chatnameId',
	'phone',
	'buttonCaption',
	'imageUrl',
	'binaryPropertyName',
	'options',
]);
/** Of Send's two "imageSource" fields, the button's (with None). */
const isButtonImage = (field: INodeProperties) =>
	field.name === 'imageSource' &&
	(field.options ?? []).some((option) => 'value' in option && option.value === 'none');

const sendFields = fieldsFromSend(
	send.description,
	'chatMessage',
	(field) => SEND_FIELDS.has(field.name) || isButtonImage(field),
);

export const description: INodeProperties[] = [
	...sendFields.filter((field) => field.name === 'chatnameId' || field.name === 'phone'),
	...forOperation('chatMessage', 'sendAndWait', [
		{
			displayName: 'Message Type',
			name: 'messageType',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Button',
					value: 'BUTTON',
					description:
						'A button that opens the response page; the message text is shown on the page',
				},
				{
					name: 'Text',
					value: 'TEXT',
					description: 'The message text with the response link added on a new line',
				},
			],
			default: 'BUTTON',
			hint: "A button link has at most 150 characters and n8n's link often more: the node then stops before sending (choose Text, or see the README)",
		},
		...messageFromFields({
			placeholder: 'e.g. Approve the refund of 20 EUR to order 1234?',
			description:
				'The question; it is shown on the response page, and in the message when the type is Text',
		}),
	]),
	...sendFields.filter(
		(field) => field.name !== 'chatnameId' && field.name !== 'phone' && field.name !== 'options',
	),
	...forOperation('chatMessage', 'sendAndWait', responseFields),
	...sendFields.filter((field) => field.name === 'options'),
];

/** Sends the chat message through Send, with the link as its button or in its text, and waits. */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	return await sendAndWait(this, items, tools, async (api, link) => {
		const type = String(this.getNodeParameter('messageType', 0, 'BUTTON'));
		if (type !== 'BUTTON' && type !== 'TEXT') {
			throw invalidField(
				this.getNode(),
				'Message Type',
				type,
				'the response link goes into a Button or a Text message',
				0,
			);
		}
		if (type === 'BUTTON') checkButtonLink(this, link, 0);
		const question = await resolveMessageText(this, api, 0);
		await send.execute.call(this, 0, api, { text: withLink(question, link), buttonLink: link });
		return question;
	});
}
