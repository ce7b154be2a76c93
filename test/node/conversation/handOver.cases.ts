import type { INodeParameters } from 'n8n-workflow';

import {
	ITEM_PHONES,
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
} from '../../harness/badInputCase';
import { knownConversations } from '../../harness/conversations';

const handOver = (rest: INodeParameters) =>
	caseParams('conversation', 'handOver', {
		message: 'A colleague will answer you shortly',
		...rest,
	});
const KNOWN = knownConversations(ITEM_PHONES);
const knownPhones = () => [ITEM_PHONES[0], ITEM_PHONES[2]];
const minutes = (name: string) =>
	caseParams('conversation', 'handOver', {
		phone: '={{ $json.phone }}',
		[name]: V,
		message: 'A colleague will answer you shortly',
	});

/**
 * Conversation > Hand Over to Person: item 1 of three is bad, refused before its message goes out
 * and before any change; items 0 and 2 (phones the Chat Trigger knows) send theirs and are handed over.
 */
export const badItems = [
	{
		name: 'Hand Over to Person: phone with letters',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handOver({ phone: V }),
		good: knownPhones,
		bad: '+375 29 12x-45-67',
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Over to Person: empty phone',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handOver({ phone: V }),
		good: knownPhones,
		bad: '',
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Over to Person: a phone with no conversation the Chat Trigger knows',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handOver({ phone: V }),
		good: knownPhones,
		bad: '375291399999',
		staticData: () => knownConversations([ITEM_PHONES[0], ITEM_PHONES[2]]),
		says: [/knows no conversation with this phone/],
	},
	{
		name: 'Hand Over to Person: For at Most 0 minutes',
		field: 'For at Most (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: minutes('maxMinutes'),
		good: () => [60, 1440],
		bad: 0,
		staticData: () => KNOWN,
		says: [/from 1 to 43,200/],
	},
	{
		name: 'Hand Over to Person: For at Most beyond 30 days',
		field: 'For at Most (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: minutes('maxMinutes'),
		good: () => [60, 43200],
		bad: 43201,
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Over to Person: For at Most not whole',
		field: 'For at Most (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: minutes('maxMinutes'),
		good: () => [60, 1440],
		bad: 2.5,
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Over to Person: silence limit below 0',
		field: 'Hand Back After Person Is Silent For (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: minutes('silenceMinutes'),
		good: () => [0, 30],
		bad: -5,
		staticData: () => KNOWN,
		says: [/from 0 to 43,200/],
	},
] satisfies BadItemCase[];
