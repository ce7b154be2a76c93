import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { byId, params, type AccountIds } from './params';
import type { SandboxFixture } from './sandbox';

/** What a case makes its good values with: an emulator and its seeded account (a test file's fixture, the reliability suite's World). */
export type CaseEmulator = Pick<SandboxFixture, 'sandbox' | 'account'>;

/** The expression by which a case's parameters read each item's value. */
export const ITEM_VALUE = '={{ $json.v }}';

/** Each item also carries a phone of its own (`$json.phone`): a request that carries item 1's is one the bad item made. */
export const ITEM_PHONES = ['375291300000', '375291300001', '375291300002'];

/**
 * One bad value: three items, of which item 1 carries the bad value (`$json.v`) and items 0 and 2
 * good ones. The bad item must fail with `Invalid <field> <value> in item 1: <rule>` (or `The
 * <field> field is empty in item 1: ...`) before any request; the good items must go through.
 */
export interface BadItemCase {
	/** unique across the table; starts with the operation ("Send: ...") */
	name: string;
	/** the field label the message names (plain text) */
	field: string;
	/** the node's parameters; ITEM_VALUE reads each item's value */
	parameters(account: AccountIds): INodeParameters;
	/** the values of items 0 and 2 (made fresh for each run) */
	good(emulator: CaseEmulator): Promise<unknown[]> | unknown[];
	bad: unknown;
	/** the API method each good item calls once */
	method: string;
	/** the API methods of the good items' requests, in order, where they are not `method` once each (one: both go out in one request, with one output) */
	requests?: string[];
	/** how the message shows the bad value; default: as the field helper shows it (shownValue) */
	shown?: string;
	/** the bad value may legitimately appear in the good items' requests (then only the methods are checked) */
	inRequests?: boolean;
	/** binary data of items 0, 1 and 2 (image uploads) */
	binary?: Array<INodeExecutionData['binary']>;
	/** more json every item carries, made before the run (a created message the items send) */
	itemJson?(emulator: CaseEmulator): Promise<IDataObject>;
	/** Send Batch built from items: the phones its delivery lists must hold, exactly */
	sentTo?: string[];
	/** the bad value is the API key itself: the message must name the field and item but not show the key */
	keyAsValue?: boolean;
	/** what the message must say besides (its rule), in every run */
	says?: RegExp[];
	/** the node version to run (Verification Code's options of version 3) */
	typeVersion?: number;
	/** the workflow's static data each run starts from (made fresh for each run): what a Chat Trigger left for a Conversation operation */
	staticData?(): IDataObject;
}

/**
 * A setting (not an item's value) the operation refuses: every item fails before any request,
 * each error naming the field and the first item it stands for (a Send Batch has one error for
 * all its items, naming item 0).
 */
export interface BadSettingCase {
	name: string;
	field: string;
	parameters(account: AccountIds): INodeParameters;
	/** what each message must say besides (its rule) */
	says?: RegExp[];
	/** the items make one mailing, refused as one: a single error item, paired to every item */
	asOne?: boolean;
}

/** A Send and Wait for Response refused before anything is sent: [title, parameters, the error message]. */
export type WaitCase = [string, (account: AccountIds) => INodeParameters, RegExp];

/** An operation given a template ID the service does not have: item 1 of three names 4999 (`$json.id`), the service says no. */
export interface UnknownTemplateCase {
	name: string;
	parameters(account: AccountIds): INodeParameters;
	/** the API method each good item calls once it has its template */
	method: string;
}

/** A case's parameters: the builder's minimal ones for the operation (params.ts), `rest` over them. */
export const caseParams =
	(resource: string, operation: string, rest: INodeParameters = {}) =>
	(account: AccountIds): INodeParameters =>
		params(account, resource, operation, rest);

/** A template picker set to each item's `$json.id` (the unknown-template cases). */
export const BY_ITEM_ID = byId('={{ $json.id }}');

/** How `invalidField` shows a value (nodes/MessagingService/base/validation.ts). */
export function shownValue(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'empty';
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

/** A one-pixel image as an item's binary property `photo` (with another MIME type: a file that is not an image). */
export function photo(mimeType = 'image/png'): INodeExecutionData['binary'] {
	const PNG =
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
	return { photo: { data: PNG, mimeType, fileName: 'p.png' } };
}
