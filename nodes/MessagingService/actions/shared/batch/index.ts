/**
 * Batch mailings (`sendBulkSms`, `sendBulkChat`): built from the input items (each item one
 * recipient, gathered into chunked mailings) or given as JSON (one request per item).
 *
 * How a batch operation uses it (see actions/sms/sendBatch.operation.ts):
 *
 *   const channel: BatchChannel = { method: 'sendBulkSms', callbackRequired: true, ... };
 *   export const description = forOperation('sms', 'sendBatch', batchFields({ ...channel fields }));
 *   export async function executeAll(this, items, tools) {
 *     return await executeBatch.call(this, items, tools, channel);
 *   }
 *
 * Field names it reads: `buildFrom` ('items' | 'json'), `mailingName`, `senderNameId`,
 * `messageType` ('bulk' | 'personal'), `recipientsFrom` ('fields' | 'define'), `phoneField` or
 * `recipientPhone`, `callbackUrl`, `messagesJson`, `options.sendAt` (`options.scheduleTime` in node version 1), `options.chunkSize`.
 * The channel reads its own content fields; what each recipient of a personal mailing gives
 * comes through `RecipientValues` (parameter `x` below, or the item field named by `xField`).
 *
 * Files: channel.ts (the types and what differs per channel), fields.ts (the fields),
 * settings.ts and recipients.ts (reading a mailing built from items), jsonMailings.ts (checking
 * mailings given as JSON), guarded.ts (recipients grouped by Quiet Hours; Do Not Send To and Quiet
 * Hours are read by ../guards/sendingGuards.ts), send.ts (chunked sending). The status side is in
 * ../batchStatus.ts.
 */
export type {
	BatchChannel,
	DeliveryEntry,
	MessageType,
	RecipientsFrom,
	RecipientValues,
} from './channel';
export {
	batchFields,
	DEFAULT_CHUNK_SIZE,
	DEFINED_BELOW,
	FROM_ITEM_FIELDS,
	MAX_CHUNK_SIZE,
	personalTextFields,
	type BatchFieldsOptions,
} from './fields';
export { checkJsonMailings } from './jsonMailings';
export { chunkName, chunksOf, executeBatch } from './send';
