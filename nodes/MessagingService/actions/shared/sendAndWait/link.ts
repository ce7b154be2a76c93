import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../../../base/validation';
import { BUTTON_LINK_MAX } from '../chatContent';

/** The message text with the response link on its own line, where phones make it tappable. */
export function withLink(text: string, link: string): string {
	return `${text.trimEnd()}\n${link}`;
}

/**
 * The response link must fit a button (`button_link`, at most 150 characters). Its length is
 * n8n's: the instance's webhook URL, the execution and node ids, and a 64-character signature.
 */
export function checkButtonLink(context: IExecuteFunctions, link: string, itemIndex: number): void {
	if (link.length <= BUTTON_LINK_MAX) return;
	throw invalidField(
		context.getNode(),
		'Message Type',
		'Button',
		`the response link of this n8n has ${link.length} characters and a button link may have at most ${BUTTON_LINK_MAX}; choose the message type Text (the link goes into the text), or give n8n a shorter WEBHOOK_URL or N8N_ENDPOINT_WEBHOOK_WAIT`,
		itemIndex,
	);
}
