import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../base/validation';
import { preferGsm7 } from './gsm7Lookalikes';
import { countSmsParts } from './smsParts';

/** The options of the SMS operations that send a text of their own: parts and encoding decided before sending. */
export const smsTextOptions: INodeProperties[] = [
	{
		displayName: 'Max Parts',
		name: 'maxParts',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1,
		description:
			'The most parts an SMS may take: an item whose text needs more is refused before anything is sent (160 GSM-7 characters in one part, 153 per part when split; 70 and 67 in UCS-2)',
	},
	{
		displayName: 'Prefer GSM-7',
		name: 'preferGsm7',
		type: 'boolean',
		default: false,
		description:
			'Whether to replace typographic look-alikes (’ “ ” – — …, no-break space) with GSM-7 characters (\' " - ...) when that makes the whole text GSM-7, so that a part holds 160 characters instead of 70. The output says how many were replaced (gsm7Replacements).',
	},
];

/** What the item's output says about its text, beside the service's own answer. */
export interface SmsTextFields extends IDataObject {
	computedParts: number;
	encoding: string;
	ucs2Characters: string[];
	gsm7Replacements?: number;
}

/** The text to send after Prefer GSM-7, refused when it needs more than Max Parts; `label` names the text field. */
export function guardSmsText(
	context: IExecuteFunctions,
	text: string,
	options: IDataObject,
	label: string,
	itemIndex: number,
): { text: string; fields: SmsTextFields } {
	const rewrite = options.preferGsm7 === true ? preferGsm7(text) : undefined;
	const sent = rewrite?.text ?? text;
	const { parts, encoding, ucs2Characters } = countSmsParts(sent);
	if (options.maxParts !== undefined && options.maxParts !== '') {
		const maxParts = Number(options.maxParts);
		if (!Number.isInteger(maxParts) || maxParts < 1) {
			throw invalidField(
				context.getNode(),
				'Max Parts',
				options.maxParts,
				'it must be a whole number of 1 or more',
				itemIndex,
			);
		}
		if (parts > maxParts) {
			const because =
				ucs2Characters.length > 0 ? ` because of ${ucs2Characters.slice(0, 5).join(' ')}` : '';
			throw invalidField(
				context.getNode(),
				label,
				sent,
				`it needs ${parts} parts (${encoding}${because}), more than Max Parts (${maxParts})`,
				itemIndex,
			);
		}
	}
	const fields: SmsTextFields = { computedParts: parts, encoding, ucs2Characters };
	if (rewrite) fields.gsm7Replacements = rewrite.replaced;
	return { text: sent, fields };
}
