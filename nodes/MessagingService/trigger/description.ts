import type { INodeProperties } from 'n8n-workflow';

export const DEFAULT_DAYS = 7;
export const DEFAULT_MAX_MAILINGS = 100;
export const DEFAULT_MAX_REPLIES = 100;

/** The trigger's fields. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'Outputs one item for each new reply to your chat mailings, once. n8n checks for new replies at the poll interval below (at most once a minute).',
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
				name: 'Recent Mailings',
				value: 'recentMailings',
				description: 'Chat mailings created within the last few days',
			},
			{
				name: 'Specific Mailings',
				value: 'specificMailings',
				description: 'Chat mailings given by their IDs',
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
		displayName: 'Mailing IDs',
		name: 'mailingIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20000001, 20000002',
		description: 'IDs of the chat mailings to watch, separated by commas (the message_id of a sent chat message)',
		displayOptions: { show: { watch: ['specificMailings'] } },
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
		],
	},
];
