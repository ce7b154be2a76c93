import type { BadItemCase } from './badInputCase';
import * as chatConfirmListMailing from '../node/chatMessage/confirmListMailing.cases';
import * as chatGetBatchStatus from '../node/chatMessage/getBatchStatus.cases';
import * as chatGetDeliveryStatus from '../node/chatMessage/getDeliveryStatus.cases';
import * as chatGetMailing from '../node/chatMessage/getMailing.cases';
import * as chatGetManyDeliveries from '../node/chatMessage/getManyDeliveries.cases';
import * as chatSend from '../node/chatMessage/send.cases';
import * as chatSendAndWait from '../node/chatMessage/sendAndWait.cases';
import * as chatSendBatch from '../node/chatMessage/sendBatch.cases';
import * as chatSendToList from '../node/chatMessage/sendToList.cases';
import * as conversationHandBack from '../node/conversation/handBack.cases';
import * as conversationHandOver from '../node/conversation/handOver.cases';
import * as replyGetManyNew from '../node/reply/getManyNew.cases';
import * as replyMarkAsRead from '../node/reply/markAsRead.cases';
import * as smsConfirmListMailing from '../node/sms/confirmListMailing.cases';
import * as smsCreateMessage from '../node/sms/createMessage.cases';
import * as smsGetBatchStatus from '../node/sms/getBatchStatus.cases';
import * as smsGetManyDeliveries from '../node/sms/getManyDeliveries.cases';
import * as smsGetMessageStatus from '../node/sms/getMessageStatus.cases';
import * as smsGetStatus from '../node/sms/getStatus.cases';
import * as smsSend from '../node/sms/send.cases';
import * as smsSendAndWait from '../node/sms/sendAndWait.cases';
import * as smsSendBatch from '../node/sms/sendBatch.cases';
import * as smsSendCreatedMessage from '../node/sms/sendCreatedMessage.cases';
import * as smsSendToList from '../node/sms/sendToList.cases';
import * as templateCreate from '../node/template/create.cases';
import * as templateDelete from '../node/template/delete.cases';
import * as templateGet from '../node/template/get.cases';
import * as templateUpdate from '../node/template/update.cases';
import * as verificationCodeSend from '../node/verificationCode/send.cases';

/**
 * Every bad-input case, the one table, and its index: each operation's cases live beside its
 * engine test (test/node/<resource>/<operation>.cases.ts, shapes in badInputCase.ts), which runs
 * them (runners in badInput.ts); the reliability suite runs every bad item as well, and searches
 * all that they show for the API key.
 */
export const badInputTable = {
	/** By resource and operation: item 1 of three is bad, refused before any request (badItemCheck.ts) */
	badItems: {
		sms: {
			send: smsSend.badItems,
			createMessage: smsCreateMessage.badItems,
			getStatus: smsGetStatus.badItems,
			getMessageStatus: smsGetMessageStatus.badItems,
			sendCreatedMessage: smsSendCreatedMessage.badItems,
			sendToList: smsSendToList.badItems,
			confirmListMailing: smsConfirmListMailing.badItems,
			getManyDeliveries: smsGetManyDeliveries.badItems,
			getBatchStatus: smsGetBatchStatus.badItems,
			sendBatch: smsSendBatch.badItems,
		},
		chatMessage: {
			send: chatSend.badItems,
			sendToList: chatSendToList.badItems,
			confirmListMailing: chatConfirmListMailing.badItems,
			getMailing: chatGetMailing.badItems,
			getDeliveryStatus: chatGetDeliveryStatus.badItems,
			getManyDeliveries: chatGetManyDeliveries.badItems,
			getBatchStatus: chatGetBatchStatus.badItems,
			sendBatch: chatSendBatch.badItems,
		},
		verificationCode: { send: verificationCodeSend.badItems },
		reply: { getManyNew: replyGetManyNew.badItems, markAsRead: replyMarkAsRead.badItems },
		template: {
			create: templateCreate.badItems,
			get: templateGet.badItems,
			delete: templateDelete.badItems,
			update: templateUpdate.badItems,
		},
		conversation: {
			handOver: conversationHandOver.badItems,
			handBack: conversationHandBack.badItems,
		},
	},
	/** By resource and operation: settings that refuse every item (badInputCase.ts) */
	badSettings: {
		sms: {
			sendBatch: smsSendBatch.badSettings,
			send: smsSend.badSettings,
			sendToList: smsSendToList.badSettings,
		},
		chatMessage: { sendBatch: chatSendBatch.badSettings, sendToList: chatSendToList.badSettings },
		template: { update: templateUpdate.badSettings },
	},
	/** Send and Wait for Response, by channel: refused before anything is sent or waits */
	sendAndWait: { sms: smsSendAndWait.waitCases, chatMessage: chatSendAndWait.waitCases },
	/** By resource and operation: template IDs the service does not have */
	unknownTemplates: {
		template: {
			get: templateGet.unknownTemplates,
			delete: templateDelete.unknownTemplates,
			update: templateUpdate.unknownTemplates,
		},
		chatMessage: { send: chatSend.unknownTemplates },
	},
};

export type BadItemResource = keyof typeof badInputTable.badItems;

/** Every bad item of the table, with its resource and operation. */
export function everyBadItem(): Array<{
	resource: BadItemResource;
	operation: string;
	testCase: BadItemCase;
}> {
	return Object.entries(badInputTable.badItems).flatMap(([resource, operations]) =>
		Object.entries(operations as Record<string, BadItemCase[]>).flatMap(([operation, cases]) =>
			cases.map((testCase) => ({ resource: resource as BadItemResource, operation, testCase })),
		),
	);
}
