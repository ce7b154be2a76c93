import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { MessagingServiceApi } from '../../credentials/MessagingServiceApi.credentials';
import { ACCOUNT_DEFAULTS } from '../../nodes/MessagingService/helpers/accountDefaults';
import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceCallbackTrigger } from '../../nodes/MessagingService/MessagingServiceCallbackTrigger.node';
import { MessagingServiceDeliveryTrigger } from '../../nodes/MessagingService/MessagingServiceDeliveryTrigger.node';
import { MessagingServiceChatTrigger } from '../../nodes/MessagingService/MessagingServiceChatTrigger.node';
import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';

/**
 * One vocabulary in the editor: the package's terms, one label per parameter, and the same order
 * of fields in every operation (sender, recipient, content, options).
 */

/** The package's terms, and the words a label must not use for them. */
const TERMS: Array<{ term: string; notInLabels: RegExp }> = [
	{ term: 'Phone', notInLabels: /phone number|mobile|msisdn/i },
	{
		term: 'Sender Name (the SMS sender, alphaname)',
		notInLabels: /alphaname|sms sender|sender name name|^sender id$/i,
	},
	{ term: 'Chat Sender (chatname)', notInLabels: /chatname|chat sender name|chat-app sender/i },
	{ term: 'Mailing', notInLabels: /campaign|broadcast|mailing ids?$/i },
	{ term: 'Message', notInLabels: /\bsms text\b|message text|^message id$/i },
	{ term: 'Template', notInLabels: /message template id|^template id$/i },
	{ term: 'Reply', notInLabels: /incoming message|answer/i },
	// Send and Wait's page takes a response, in n8n's own words for that operation; a reply is a chat answer to a mailing
	{
		term: 'Response (Send and Wait)',
		notInLabels: /reply (type|page|form)|answer (type|page|form)/i,
	},
];

interface Field {
	name: string;
	displayName: string;
	description: string;
	/** resource/operation where the field is shown ('' for the trigger and nested fields) */
	where: string[];
	/** top-level field of an operation (not inside a collection) */
	topLevel: boolean;
	/** kept only for workflows saved with node version 1 */
	onlyVersion1: boolean;
	type: string;
}

function fieldsOf(properties: INodeProperties[], topLevel = true): Field[] {
	return properties.flatMap((property): Field[] => {
		if (property.type === 'notice') return [];
		const show = property.displayOptions?.show ?? {};
		const resources = (show.resource as string[] | undefined) ?? [''];
		const operations = (show.operation as string[] | undefined) ?? [''];
		const where = resources.flatMap((resource) =>
			operations.map((operation) => `${resource}/${operation}`),
		);
		const onlyVersion1 = JSON.stringify(show['@version'] ?? null) === '[1]';
		const own: Field = {
			name: property.name,
			displayName: property.displayName,
			description: property.description ?? '',
			where,
			topLevel,
			onlyVersion1,
			type: property.type,
		};
		if (property.type === 'collection')
			return [own, ...fieldsOf((property.options ?? []) as INodeProperties[], false)];
		if (property.type === 'fixedCollection') {
			const groups = (property.options ?? []) as INodePropertyCollection[];
			return [own, ...groups.flatMap((group) => fieldsOf(group.values, false))];
		}
		return [own];
	});
}

const action = fieldsOf(new MessagingService().description.properties);
const trigger = fieldsOf(new MessagingServiceTrigger().description.properties);
const callbackTrigger = fieldsOf(new MessagingServiceCallbackTrigger().description.properties);
const chatTrigger = fieldsOf(new MessagingServiceChatTrigger().description.properties);
const deliveryTrigger = fieldsOf(new MessagingServiceDeliveryTrigger().description.properties);
const credential = fieldsOf(new MessagingServiceApi().properties);
const all = [
	...action,
	...trigger,
	...chatTrigger,
	...callbackTrigger,
	...deliveryTrigger,
	...credential,
];

describe('one vocabulary', () => {
	it('the same parameter never has two labels', () => {
		const labels = new Map<string, Set<string>>();
		for (const field of all)
			labels.set(field.name, (labels.get(field.name) ?? new Set()).add(field.displayName));
		const twice = [...labels]
			.filter(([, names]) => names.size > 1)
			.map(([name, names]) => `${name}: ${[...names].join(' / ')}`);
		expect(twice).toEqual([]);
	});

	it('one label names one parameter (node version 1 keeps the names its workflows were saved with)', () => {
		const names = new Map<string, Set<string>>();
		for (const field of all.filter((entry) => !entry.onlyVersion1))
			names.set(field.displayName, (names.get(field.displayName) ?? new Set()).add(field.name));
		const twice = [...names]
			.filter(([, fields]) => fields.size > 1)
			.map(([label, fields]) => `${label}: ${[...fields].join(' / ')}`);
		// Send Batch's fields take one value per recipient (an expression run for each input item)
		// or a message's own template, never shown together with the field of the same label
		expect(twice.sort()).toEqual([
			'Button Link: buttonLink / personalButtonLink',
			'Phone: phone / recipientPhone',
			'Template: messageTemplate / template',
			'Text: text / personalText / chatText',
		]);
	});

	it('every operation that schedules a send calls it Send At, with one description', () => {
		const scheduling = action.filter(
			(field) =>
				field.type === 'dateTime' && !field.onlyVersion1 && field.name !== 'maxDateAndTime',
		);
		expect(new Set(scheduling.map((field) => `${field.name}: ${field.displayName}`))).toEqual(
			new Set(['sendAt: Send At']),
		);
		expect(new Set(scheduling.map((field) => field.description)).size).toBe(1);
	});

	it('labels use the terms of the package', () => {
		const offending = all.flatMap((field) =>
			TERMS.filter(({ notInLabels }) => notInLabels.test(field.displayName)).map(
				({ term }) => `"${field.displayName}" (${field.name}) should say ${term}`,
			),
		);
		expect(offending).toEqual([]);
	});

	it('ID fields say which ID: sender name, chat sender, subscriber list', () => {
		const label = (name: string) =>
			new Set(all.filter((field) => field.name === name).map((field) => field.displayName));
		expect(label('senderNameId')).toEqual(new Set(['Sender Name ID']));
		expect(label('chatnameId')).toEqual(new Set(['Chat Sender ID']));
		expect(label('listId')).toEqual(new Set(['Subscriber List ID']));
	});

	it('every operation orders its fields: sender, recipient, content, options', () => {
		const rank = (name: string, operation: string): number | undefined => {
			// a batch's Message Type (same text for all, or own text per recipient) says what the recipients give
			if (name === 'messageType' && operation.endsWith('/sendBatch')) return undefined;
			if (['senderNameId', 'chatnameId', 'channel'].includes(name)) return 0;
			if (['phone', 'listId', 'recipientsFrom', 'phoneField', 'recipientPhone'].includes(name))
				return 1;
			if (
				[
					'message',
					'messageFrom',
					'messageTemplate',
					'messageType',
					'createdMessageId',
					'text',
					'chatText',
					'contentType',
					'codeSource',
				].includes(name)
			)
				return 2;
			if (['options', 'additionalFields'].includes(name)) return 3;
			return undefined;
		};
		const operations = new Set(action.flatMap((field) => field.where));
		const disorder: string[] = [];
		for (const operation of operations) {
			const ranks = action
				.filter((field) => field.topLevel && field.where.includes(operation))
				.map((field) => ({ name: field.name, rank: rank(field.name, operation) }))
				.filter((field): field is { name: string; rank: number } => field.rank !== undefined);
			for (let i = 1; i < ranks.length; i++) {
				if (ranks[i].rank < ranks[i - 1].rank)
					disorder.push(`${operation}: ${ranks[i - 1].name} before ${ranks[i].name}`);
			}
		}
		expect(disorder).toEqual([]);
	});

	it('ID fields show an example ID as placeholder, never an expression (that goes into the hint)', () => {
		const placeholders = (properties: INodeProperties[]): Array<[string, string]> =>
			properties.flatMap(
				(property): Array<[string, string]> => [
					...(/(Id|^uuid)$/.test(property.name) && typeof property.placeholder === 'string'
						? [[property.name, property.placeholder] as [string, string]]
						: []),
					...(property.type === 'collection'
						? placeholders((property.options ?? []) as INodeProperties[])
						: []),
				],
			);
		const found = placeholders([
			...new MessagingService().description.properties,
			...new MessagingServiceApi().properties,
		]);
		expect(found.length).toBeGreaterThanOrEqual(10);
		expect(found.filter(([, placeholder]) => placeholder.includes('{{'))).toEqual([]);
	});

	it('the chat batch sender field says it takes an SMS sender name, not a chat sender', () => {
		const field = action.find(
			(f) => f.name === 'senderNameId' && f.where.includes('chatMessage/sendBatch'),
		);
		expect(field?.description).toMatch(/SMS sender name/);
		expect(field?.description).toMatch(/chat sender ID .* is refused/);
	});

	it('fields that fall back to the credential say so, with the credential field as it is labelled', () => {
		const credentialLabels = new Map(credential.map((field) => [field.name, field.displayName]));
		for (const [name, label] of Object.entries(ACCOUNT_DEFAULTS))
			expect(credentialLabels.get(name)).toBe(label);
		const fallbacks = action.filter(
			(field) => field.topLevel && ['senderNameId', 'chatnameId', 'listId'].includes(field.name),
		);
		expect(fallbacks.length).toBeGreaterThanOrEqual(8);
		for (const field of fallbacks)
			expect(field.description).toMatch(
				/Leave empty to use the credential's "Default (Sender Name|Chat Sender|Subscriber List) ID"\.$/,
			);
	});

	it('the two verification-code apps are described by what the service says of them', () => {
		const channel = new MessagingService().description.properties.find(
			(property) => property.name === 'channel',
		);
		const descriptions = (channel?.options ?? []).map((option) =>
			'description' in option ? option.description : '',
		);
		for (const description of descriptions) expect(description).toMatch(/sendOtpApp(One|Two)/);
	});
});
