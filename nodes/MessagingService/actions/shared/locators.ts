import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { asId } from '../../helpers/fields';
import { invalidField } from '../../base/validation';

/**
 * Pickers for the IDs the service can list: "From List" (searchable, paged), "By ID", and an
 * expression in either mode. The value sent is the ID.
 */

interface LocatorOptions {
	displayName: string;
	name: string;
	description: string;
	/** a method of methods/listSearch.ts */
	searchListMethod: string;
	/** an example ID */
	example: string;
}

export function idLocator({
	displayName,
	name,
	description,
	searchListMethod,
	example,
}: LocatorOptions): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${example}`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*\\d{1,15}\\s*$',
							errorMessage: 'An ID is a whole number, e.g. ' + example,
						},
					},
				],
			},
		],
	};
}

/** A chat mailing, or a chat message sent with Send (the service lists both with getChatMessages). */
export function chatMailingLocator(description: string): INodeProperties {
	return idLocator({
		displayName: 'Mailing',
		name: 'messageId',
		description,
		searchListMethod: 'searchChatMailings',
		example: '20000001',
	});
}

/** An SMS mailing (getSMSMessages). */
export function smsMailingLocator(description: string): INodeProperties {
	return idLocator({
		displayName: 'Mailing',
		name: 'messageId',
		description,
		searchListMethod: 'searchSmsMailings',
		example: '10000002',
	});
}

/** An SMS message made with "Create Message" (getMessagesList). */
export function createdMessageLocator(description: string): INodeProperties {
	return idLocator({
		displayName: 'Created Message',
		name: 'createdMessageId',
		description,
		searchListMethod: 'searchCreatedMessages',
		example: '10000001',
	});
}

/**
 * Reads a picker's ID for an item (the value of any mode, or of an expression) and checks it;
 * a bad one is an error that names the field, the value and the item.
 */
export function readLocatorId(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
): string {
	const value = context.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	const id = asId(value);
	if (id === undefined) {
		throw invalidField(
			context.getNode(),
			label,
			value,
			`choose one from the list, or enter its ID: a whole number of up to 15 digits`,
			itemIndex,
		);
	}
	return id;
}
