import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_WATCHED } from './watchList';

export const DEFAULT_TIME_LIMIT_MINUTES = 60;
export const DEFAULT_WATCH_HOURS = 48;
export const DEFAULT_REQUESTS_PER_MINUTE = 60;

/** The Delivery Trigger's fields. */
export const deliveryTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Outputs one item each time a watched message reaches a status you pick, once per message and status. n8n checks at the times set under Poll Times above (at most once a minute); a message sent a minute ago is checked at every poll, an older one less often.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Messages Sent Here',
				value: 'sentHere',
				description:
					"Messages and mailings this package's nodes send in this n8n from now on (Chat Message and SMS: Send, Send to List)",
			},
			{
				name: 'Recent Mailings',
				value: 'recentMailings',
				description:
					'Mailings and messages the service lists as created from now on, sent from anywhere (also from n8n in queue mode)',
			},
		],
		default: 'sentHere',
		description: 'Which messages to watch',
	},
	{
		displayName: 'Channels',
		name: 'channels',
		type: 'multiOptions',
		noDataExpression: true,
		options: [
			{ name: 'Chat', value: 'chat', description: 'Chat-app mailings and messages' },
			{ name: 'SMS', value: 'sms', description: 'SMS mailings' },
		],
		default: ['chat'],
		displayOptions: { show: { watch: ['recentMailings'] } },
		description: 'Which lists of the service to read for new mailings',
	},
	{
		displayName: 'Statuses',
		name: 'events',
		type: 'multiOptions',
		noDataExpression: true,
		options: [
			{
				name: 'Delivered',
				value: 'delivered',
				description: 'The message reached the phone (also emitted for one found already read)',
			},
			{
				name: 'Failed',
				value: 'failed',
				description: 'Chat: the service gave an error code other than 0',
			},
			{
				name: 'Not Reached in Time',
				value: 'timedOut',
				description:
					'The message did not reach the furthest status picked here (Read or Delivered; when neither, its last status) within the time limit',
			},
			{
				name: 'Read',
				value: 'read',
				description: 'Chat only: the recipient opened the message',
			},
		],
		default: ['delivered', 'read', 'failed'],
		description:
			'The statuses that start the workflow. A status the service does not document is always output, as it is (event otherStatus).',
	},
	{
		displayName: 'Time Limit (Minutes)',
		name: 'timeLimit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_TIME_LIMIT_MINUTES,
		displayOptions: { show: { events: ['timedOut'] } },
		description:
			'How long after the send a message that has not reached its status is output as Not Reached in Time',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Max Requests per Minute',
				name: 'maxRequestsPerMinute',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_REQUESTS_PER_MINUTE,
				description:
					'Status reads the trigger may send a minute, on average: the most urgent messages are read first, the rest at a later poll',
			},
			{
				displayName: 'Max Watched Messages',
				name: 'maxWatched',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_WATCHED,
				description:
					'Messages watched at once (a mailing counts its recipients); past it the oldest sends are no longer watched, with a warning in the log',
			},
			{
				displayName: 'Stop Watching After (Hours)',
				name: 'watchHours',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_WATCH_HOURS,
				description:
					'A message with no further status this long after its send is no longer watched, with a warning in the log',
			},
		],
	},
];
