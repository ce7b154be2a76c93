import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { invalidField } from '../../base/validation';
import { fetchTemplate, templateIdOf, templateLocator } from './template';

/**
 * "Message From": typed text, or the text of a stored template fetched when the item runs.
 * The text field keeps the name `message`; the template picker is `messageTemplate`.
 */
export function messageFromFields(text: Partial<INodeProperties> = {}): INodeProperties[] {
	return [
		{
			displayName: 'Message From',
			name: 'messageFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Text',
					value: 'text',
					description: 'Type the message or build it with an expression',
				},
				{
					name: 'Template',
					value: 'template',
					description: 'Send the text of a stored message template',
				},
			],
			default: 'text',
		},
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			placeholder: 'e.g. Your order has shipped',
			description: 'The text of the message',
			displayOptions: { show: { messageFrom: ['text'] } },
			...text,
		},
		templateLocator({
			name: 'messageTemplate',
			description: 'The stored template whose text is sent',
			displayOptions: { show: { messageFrom: ['template'] } },
		}),
	];
}

/** The message text for an item: the typed text, or the stored template's text. */
export async function resolveMessageText(
	context: IExecuteFunctions,
	api: ApiClient,
	itemIndex: number,
): Promise<string> {
	const from = context.getNodeParameter('messageFrom', itemIndex, 'text') as string;
	if (from === 'template') {
		const template = await fetchTemplate(
			context,
			api,
			templateIdOf(context, 'messageTemplate', itemIndex),
			itemIndex,
		);
		return String(template.message);
	}
	const text = String(context.getNodeParameter('message', itemIndex, '') ?? '');
	if (text.trim() === '') {
		throw invalidField(
			context.getNode(),
			'Message',
			text,
			'the message text must not be empty',
			itemIndex,
		);
	}
	return text;
}
