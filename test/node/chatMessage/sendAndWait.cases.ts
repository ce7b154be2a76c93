import type { INodeParameters } from 'n8n-workflow';

import { caseParams, type WaitCase } from '../../harness/badInputCase';

const chat = (extra: INodeParameters) => caseParams('chatMessage', 'sendAndWait', extra);

/** Chat Message > Send and Wait for Response, refused before anything is sent or waits; the one item is bad. */
export const waitCases: WaitCase[] = [
	[
		'a phone that is not one (chat)',
		chat({ phone: 'call me' }),
		/Invalid Phone "call me" in item 0/,
	],
	['an empty question', chat({ message: '  ' }), /Invalid Message .* in item 0/],
	[
		'an image message (it cannot carry the link)',
		chat({ messageType: 'IMAGE' }),
		/Invalid Message Type "IMAGE" in item 0/,
	],
	[
		'a button without a caption (from an expression)',
		chat({ buttonCaption: '={{ "" }}' }),
		/The Button Caption field is empty in item 0/,
	],
];
