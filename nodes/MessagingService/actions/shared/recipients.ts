import type { INodeProperties } from 'n8n-workflow';

import { defaultHint } from '../../helpers/accountDefaults';

/** The recipient's phone of the operations that send to one number. */
export function phoneField(what = 'send to'): INodeProperties {
	return {
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +375 29 123-45-67',
		description: `The phone number to ${what}, with the country code (or national, with a Default Country). Checked against the country's numbering plan; spaces, dashes, brackets, a leading + and a trunk prefix such as (0) are removed.`,
	};
}

/** The stored subscriber list of the list mailings. */
export const subscriberListField: INodeProperties = {
	displayName: 'Subscriber List ID',
	name: 'listId',
	type: 'string',
	default: '',
	placeholder: 'e.g. 3001',
	description: `The ID of the stored subscriber list that receives the mailing. ${defaultHint('defaultListId')}.`,
};
