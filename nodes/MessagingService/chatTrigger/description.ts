import type { INodeProperties } from 'n8n-workflow';

import {
	optInHelpRecognitionOption,
	optOutKeywordsOption,
	optOutRecognitionOption,
} from '../replies/consent/options';
import { DEFAULT_DAYS } from '../replies/plan';

export const DEFAULT_CHECK_EVERY_SECONDS = 2;
export const DEFAULT_QUIET_WINDOW_SECONDS = 3;
export const DEFAULT_MAX_WAIT_SECONDS = 20;
export const DEFAULT_ACTIVE_FOR_MINUTES = 10;
export const DEFAULT_MAX_REQUESTS_PER_MINUTE = 900;

/** The chat trigger's fields. */
export const chatTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Starts the workflow once per turn of a chat: when a customer who replied to one of your chat mailings stops typing, their messages come as one item with Chat Input (the texts, one per line) and Session ID (the phone), ready for an AI Agent with memory. A turn in which the customer asks to stop ("STOP", "отписаться"...), to get messages again ("START") or for help ("HELP") comes on the Opt-Outs, Opt-Ins and Help output instead, never to the bot. A turn of a conversation handed over to a person (Conversation > Hand Over to Person) comes on To Person until it is handed back. Active conversations are checked every few seconds; all other mailings once a minute.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Created Within (Days)',
		name: 'days',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 90 },
		default: DEFAULT_DAYS,
		description:
			'Watch the chat mailings created within this many days: each is checked at least once a minute while it is recent, less often as it gets older, so a new customer answering an older mailing is found too',
	},
	{
		displayName: 'Check Active Conversations Every (Seconds)',
		name: 'checkEverySeconds',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 60 },
		default: DEFAULT_CHECK_EVERY_SECONDS,
		description:
			'How often the mailings of active conversations are checked for new messages. Shorter answers sooner and costs more requests; the Max Requests per Minute option bounds the cost.',
	},
	{
		displayName: 'Quiet Window (Seconds)',
		name: 'quietWindowSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 300 },
		default: DEFAULT_QUIET_WINDOW_SECONDS,
		description:
			'The workflow starts once the customer has sent nothing new for this long, so that a message typed in several parts is answered once. 0 starts it at each check that finds something new.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Active For (Minutes)',
				name: 'activeForMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 120 },
				default: DEFAULT_ACTIVE_FOR_MINUTES,
				description:
					"A phone counts as an active conversation for this long after a mailing to it was sent (your workflow's answer, say) or after its last new message. A conversation quiet for more than a minute is checked less often, down to a sixteenth as often.",
			},
			{
				displayName: 'Max Requests per Minute',
				name: 'maxRequestsPerMinute',
				type: 'number',
				typeOptions: { minValue: 10, maxValue: 6000 },
				default: DEFAULT_MAX_REQUESTS_PER_MINUTE,
				description:
					'The most requests the trigger sends to the service in a minute, however many conversations are active. When more would be needed, each conversation is checked less often. A 429 from the service slows the trigger down further; no message is lost.',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 600 },
				default: DEFAULT_MAX_WAIT_SECONDS,
				description:
					'A customer who keeps typing is answered at the latest this long after the first message of the turn; what they send after that comes in the next turn',
			},
			optOutKeywordsOption,
			optInHelpRecognitionOption,
			optOutRecognitionOption,
		],
	},
];
