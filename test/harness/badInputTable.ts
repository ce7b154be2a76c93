import type { BadItemCase } from './badInputCase';
import { chatBadItemCases } from './chatBadItemCases';
import { replyBadItemCases } from './replyBadItemCases';
import { sendAndWaitBadInputCases } from './sendAndWaitBadInputCases';
import { sendBatchBadItemCases, sendBatchBadSettingCases } from './sendBatchBadInputCases';
import { smsBadItemCases } from './smsBadItemCases';
import { templateBadItemCases, templateBadSettingCases, unknownTemplateCases } from './templateBadInputCases';
import { verificationCodeBadItemCases } from './verificationCodeBadItemCases';

/**
 * Every bad-input case, the one table: each operation's engine test (test/node) runs its
 * operation's cases (runners in badInput.ts); the reliability suite runs every bad item as well,
 * and searches all that they show for the API key.
 */
export const badInputTable = {
	/** By resource and operation: item 1 of three is bad, refused before any request (badItemCase.ts) */
	badItems: {
		sms: { ...smsBadItemCases, sendBatch: sendBatchBadItemCases },
		chatMessage: chatBadItemCases,
		verificationCode: verificationCodeBadItemCases,
		reply: replyBadItemCases,
		template: templateBadItemCases,
	},
	/** By resource and operation: settings that refuse every item (badInputCase.ts) */
	badSettings: { sms: { sendBatch: sendBatchBadSettingCases }, template: templateBadSettingCases },
	/** Send and Wait for Response, by channel: refused before anything is sent or waits */
	sendAndWait: sendAndWaitBadInputCases,
	/** By resource and operation: template IDs the service does not have */
	unknownTemplates: unknownTemplateCases,
};

export type BadItemResource = keyof typeof badInputTable.badItems;

/** Every bad item of the table, with its resource and operation. */
export function everyBadItem(): Array<{ resource: BadItemResource; operation: string; testCase: BadItemCase }> {
	return Object.entries(badInputTable.badItems).flatMap(([resource, operations]) =>
		Object.entries(operations as Record<string, BadItemCase[]>).flatMap(([operation, cases]) =>
			cases.map((testCase) => ({ resource: resource as BadItemResource, operation, testCase })),
		),
	);
}
