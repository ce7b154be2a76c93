import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';

const handBack = caseParams('conversation', 'handBack', {
	phone: V,
	message: 'Our assistant takes it from here',
});

/** Conversation > Hand Back to Bot: item 1 of three is bad, refused before its message goes out and before any change. */
export const badItems = [
	{
		name: 'Hand Back to Bot: phone too short',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handBack,
		good: () => ['375291000001', '375291000003'],
		bad: '12345',
	},
	{
		name: 'Hand Back to Bot: phone with the letter O for zeros',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: handBack,
		good: () => ['375291000001', '375291000003'],
		bad: '+375 29 1OO-OO-O1',
	},
] satisfies BadItemCase[];
