/** What the SMS and the chat batch methods share, and what differs between them (`BatchChannel`). */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

export type MessageType = 'bulk' | 'personal';

/** One recipient of a mailing: a phone (bulk) or an entry `{phone, text, ...}` (personal). */
export type DeliveryEntry = string | IDataObject;

/** `recipientsFrom`: each recipient's phone (and personal values) from item fields, or defined below */
export type RecipientsFrom = 'fields' | 'define';

/**
 * What one recipient of a personal mailing gives, by the parameter that defines it below (e.g.
 * `personalText`): its value, and the label to name in an error. From item fields, the value is
 * the field named by the parameter `<parameter>Field` (e.g. `personalTextField`).
 */
export type RecipientValues = (
	parameter: string,
	label: string,
) => { value: unknown; label: string };

/** What differs between the SMS and the chat batch methods. */
export interface BatchChannel {
	method: 'sendBulkSms' | 'sendBulkChat';
	/** `callback_url` is required by `sendBulkSms`, optional for `sendBulkChat` */
	callbackRequired: boolean;
	/**
	 * The mailing's members besides name, alphaname_id, message_type, schedule_time and
	 * delivery_list (SMS: `{text}` for bulk; chat: `{content}`), read from item 0 when mailings
	 * are built from items. Throws `invalidField(..., 0)` for a bad value.
	 */
	mailingContent(context: IExecuteFunctions, messageType: MessageType): IDataObject;
	/**
	 * The personal delivery entry of one item, given its checked phone and its values:
	 * `{phone, text, ...}`. Throws `invalidField(..., itemIndex)` for a bad value; the item is
	 * then left out.
	 */
	personalEntry(
		context: IExecuteFunctions,
		itemIndex: number,
		phone: string,
		values: RecipientValues,
	): IDataObject;
	/** Members a mailing given as JSON may have (others are refused, naming them). */
	jsonMembers: string[];
	/**
	 * Channel rules for a mailing given as JSON, after the common ones passed (e.g. SMS bulk
	 * needs `text`). Returns what is wrong, in plain words, or undefined.
	 */
	checkJsonMailing(mailing: IDataObject, where: string): string | undefined;
}
