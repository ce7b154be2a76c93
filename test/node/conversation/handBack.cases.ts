import {
	ITEM_PHONES,
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
} from '../../harness/badInputCase';
import { knownConversations } from '../../harness/conversations';

const handBack = caseParams('conversation', 'handBack', {
	phone: V,
	message: 'Our assistant takes it from here',
});

const KNOWN = knownConversations(ITEM_PHONES);
const knownPhones = () => [ITEM_PHONES[0], ITEM_PHONES[2]];

/**
 * Conversation > Hand Back to Bot: item 1 of three is bad, refused before its message goes out and
 * before any change; items 0 and 2 (phones the Chat Trigger knows) send theirs and are handed back.
 */
export const badItems = [
	{
		name: 'Hand Back to Bot: phone too short',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handBack,
		good: knownPhones,
		bad: '12345',
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Back to Bot: phone with the letter O for zeros',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handBack,
		good: knownPhones,
		bad: '+375 29 1OO-OO-O1',
		staticData: () => KNOWN,
	},
	{
		name: 'Hand Back to Bot: a phone with no conversation the Chat Trigger knows',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handBack,
		good: knownPhones,
		bad: '375291399999',
		staticData: () => knownConversations([ITEM_PHONES[0], ITEM_PHONES[2]]),
		says: [/knows no conversation with this phone/],
	},
] satisfies BadItemCase[];
