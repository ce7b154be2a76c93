import type { INodeProperties } from 'n8n-workflow';

import { chatMailingLocator } from '../actions/shared/locators';
import { DEFAULT_DAYS } from '../replies/plan';
import {
	optInHelpRecognitionOption,
	optOutKeywordsOption,
	optOutRecognitionOption,
} from '../replies/consent/options';

export const DEFAULT_MAX_MAILINGS = 100;
export const DEFAULT_MAX_REPLIES = 100;

/** The trigger's fields. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Outputs one item for each new reply to your chat mailings, once, with the fields an AI Agent and its memory read by default: Chat Input (the text) and Session ID (the phone). n8n checks for new replies at the times set under Poll Times above (at most once a minute).',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'New Reply',
				value: 'newReply',
				description: 'Someone replied to one of your chat mailings',
				action: 'On new reply to a chat mailing',
			},
		],
		default: 'newReply',
	},
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Recent Mailings',
				value: 'recentMailings',
				description: 'Chat mailings created within the last few days',
			},
			{
				name: 'Specific Mailings',
				value: 'specificMailings',
				description: 'Chat mailings you pick from a list or give by ID',
			},
		],
		default: 'recentMailings',
		description: 'Which chat mailings to watch for replies',
	},
	{
		displayName: 'Created Within (Days)',
		name: 'days',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 90 },
		default: DEFAULT_DAYS,
		description:
			'Watch the chat mailings created within this many days. The service does not state its time zone, so a mailing may stay watched up to 14 hours longer.',
		displayOptions: { show: { watch: ['recentMailings'] } },
	},
	{
		displayName: 'Mailings',
		name: 'mailings',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Mailing',
		default: {},
		description: 'The chat mailings (or chat messages sent with Send) to watch for replies',
		displayOptions: { show: { watch: ['specificMailings'] } },
		options: [
			{
				displayName: 'Mailing',
				name: 'mailing',
				values: [
					chatMailingLocator(
						'A chat mailing, or a chat message sent with Send, whose replies start the workflow',
					),
				],
			},
		],
	},
	{
		displayName: 'Mark as Read',
		name: 'markAsRead',
		type: 'boolean',
		default: true,
		description:
			'Whether to mark each reply as read on the service once it has been output. Either way, each reply is output only once.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Combine Replies per Phone',
				name: 'combineRepliesPerPhone',
				type: 'boolean',
				default: false,
				builderHint: {
					propertyHint:
						'Set true whenever this trigger feeds an AI Agent; for chatbots prefer the Messaging Service Chat Trigger.',
				},
				description:
					'Whether to output the replies one phone sent since the last poll as one item, their texts one per line in Chat Input, each phone in an execution of its own. Turn it on for an AI Agent: it answers a burst of messages once, and its memory reads the phone of its execution.',
			},
			{
				displayName: 'Include Existing Replies',
				name: 'includeExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll after activation also outputs the unread replies that already exist. If off, only replies that arrive after activation are output.',
			},
			{
				displayName: 'Max Mailings per Poll',
				name: 'maxMailingsPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_MAX_MAILINGS,
				description:
					'At most this many mailings are checked for replies in one poll. When more are watched, the next polls check the others in turn; no reply is lost.',
			},
			{
				displayName: 'Max Replies per Poll',
				name: 'maxRepliesPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_MAX_REPLIES,
				description:
					'At most this many replies are output by one poll, oldest first. The rest come with the next polls; no reply is lost or repeated.',
			},
			optOutKeywordsOption,
			optInHelpRecognitionOption,
			optOutRecognitionOption,
		],
	},
];
