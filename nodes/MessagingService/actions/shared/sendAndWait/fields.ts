import type { INodeProperties } from 'n8n-workflow';

import { concurrencyOption } from '../../common';
import { customFormFields } from './customForm';

export const RESPONSE_TYPES = ['approval', 'freeText', 'customForm'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const DEFAULT_APPROVE_LABEL = 'Approve';
export const DEFAULT_DECLINE_LABEL = 'Decline';
export const DEFAULT_SUBMIT_LABEL = 'Send';

/** Response Type and its Approval Options, under the names n8n's own Send and Wait nodes use. */
export const responseFields: INodeProperties[] = [
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{
				name: 'Approval',
				value: 'approval',
				description: 'The recipient approves (or declines) on the page the link opens',
			},
			{
				name: 'Free Text',
				value: 'freeText',
				description: 'The recipient types an answer on the page the link opens',
			},
			{
				name: 'Custom Form',
				value: 'customForm',
				description: 'The recipient fills in the fields you define on the page the link opens',
			},
		],
	},
	customFormFields,
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { responseType: ['approval'] } },
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'single',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Decline', value: 'double' },
						],
					},
					{
						displayName: 'Approve Button Label',
						name: 'approveLabel',
						type: 'string',
						default: DEFAULT_APPROVE_LABEL,
					},
					{
						displayName: 'Decline Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: DEFAULT_DECLINE_LABEL,
						displayOptions: { show: { approvalType: ['double'] } },
					},
				],
			},
		],
	},
];

export const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description:
		'Whether to stop waiting after a while; the execution then goes on with an item whose data.timedOut is true',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{
							name: 'After Time Interval',
							value: 'afterTimeInterval',
							description: 'Wait at most this long',
						},
						{
							name: 'At Specified Time',
							value: 'atSpecifiedTime',
							description: 'Wait at most until this date and time',
						},
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 45,
					description: 'How long to wait for the answer',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'minutes',
					options: [
						{ name: 'Seconds', value: 'seconds' },
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					description:
						"When to stop waiting, in the workflow's time zone unless the value has its own",
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

export const HAND_BACK_PHONE_LABEL = 'Offer Hand Back to Bot for Phone';
export const HAND_BACK_BUTTON_LABEL = 'Hand back to the bot';

/** The page's choice that ends a hand-over (Conversation > Hand Over to Person; docs/chatbot.md, Handoff). */
const handBackOption: INodeProperties = {
	displayName: HAND_BACK_PHONE_LABEL,
	name: 'handBackPhone',
	type: 'string',
	default: '',
	placeholder: 'e.g. +375 29 123-45-67',
	description: `The phone of a conversation a person has taken over from the chatbot. The page then also offers "${HAND_BACK_BUTTON_LABEL}": choosing it gives that conversation back to the bot at once, as Conversation > Hand Back to Bot does, and the output says data.handedBack. Leave empty for no such choice.`,
};

/** What Send and Wait for Response adds to the Options of Send. */
const waitOptions: INodeProperties[] = [
	limitWaitTimeOption,
	handBackOption,
	{
		displayName: 'Response Page Title',
		name: 'responseFormTitle',
		type: 'string',
		default: '',
		placeholder: 'e.g. Refund request',
		description: 'The heading of the page the link opens; the message text is shown under it',
	},
	{
		displayName: 'Response Page Button Label',
		name: 'responseFormButtonLabel',
		type: 'string',
		default: DEFAULT_SUBMIT_LABEL,
		description: 'The label of the button that sends a free-text answer or the form',
		displayOptions: { show: { '/responseType': ['freeText', 'customForm'] } },
	},
];

/**
 * Send's fields, shown for Send and Wait for Response instead of Send: `pick` says which ones.
 * Their Options lose Concurrency (one message is sent) and gain the waiting options.
 */
export function fieldsFromSend(
	sendFields: INodeProperties[],
	resource: string,
	pick: (field: INodeProperties) => boolean,
): INodeProperties[] {
	return sendFields.filter(pick).map((field) => {
		const show = {
			...field.displayOptions?.show,
			resource: [resource],
			operation: ['sendAndWait'],
		};
		const moved: INodeProperties = { ...field, displayOptions: { ...field.displayOptions, show } };
		if (field.name !== 'options' || field.type !== 'collection') return moved;
		const sendOptions = (field.options ?? []) as INodeProperties[];
		const kept = sendOptions.filter((option) => option.name !== concurrencyOption.name);
		const options = [...kept, ...waitOptions].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		);
		return { ...moved, options };
	});
}
