import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, type BadItemCases, type BadSettingCase } from './badInputCase';
import { storedTemplate, twice } from './badInputSetup';
import { TEST_API_KEY } from './keys';
import { byId, params, type AccountIds } from './params';

const template = (operation: string, rest: INodeParameters) => (account: AccountIds) => params(account, 'template', operation, rest);
const storedIds = (emulator: { account: AccountIds }) => emulator.account.templateIds.slice(0, 2).map(String);
/** Update reads the templates of the good items, then edits them. */
const READ_AND_EDIT = ['getTemplateMessageById', 'getTemplateMessageById', 'editTemplateMessage', 'editTemplateMessage'];
const update = (updateFields: INodeParameters) => (account: AccountIds) =>
	template('update', { template: byId(String(account.templateIds[0])), updateFields })(account);

/** The bad-input cases of the Template operations. */
export const templateBadItemCases = {
	create: [
		{ name: 'Create: empty name', field: 'Name', method: 'createTemplateMessage', parameters: template('create', { name: V, message: 'Text' }), good: () => ['Welcome back', 'Goodbye'], bad: '' },
		{ name: 'Create: empty message', field: 'Message', method: 'createTemplateMessage', parameters: template('create', { name: 'T', message: V }), good: () => ['Text 1', 'Text 2'], bad: '' },
		{ name: 'Create: message of spaces', field: 'Message', method: 'createTemplateMessage', parameters: template('create', { name: 'T', message: V }), good: () => ['Text 1', 'Text 2'], bad: '    ' },
	],
	get: [
		{ name: 'Get: template ID in words', field: 'Template', method: 'getTemplateMessageById', parameters: template('get', { template: byId(V) }), good: storedIds, bad: 'Welcome' },
		{ name: 'Get: template ID left empty', field: 'Template', method: 'getTemplateMessageById', parameters: template('get', { template: byId(V) }), good: storedIds, bad: '' },
		{ name: 'Get: the API key pasted into the template ID', field: 'Template', method: 'getTemplateMessageById', parameters: template('get', { template: byId(V) }), good: storedIds, bad: TEST_API_KEY, keyAsValue: true },
	],
	delete: [
		{ name: 'Delete: empty template ID', field: 'Template', method: 'deleteTemplateMessage', parameters: template('delete', { template: byId(V) }), good: twice(storedTemplate), bad: '' },
	],
	update: [
		{ name: 'Update: new message of spaces', field: 'Message', method: 'editTemplateMessage', requests: READ_AND_EDIT, parameters: update({ message: V }), good: () => ['New text', 'Other text'], bad: '   ' },
		{ name: 'Update: new name left empty', field: 'Name', method: 'editTemplateMessage', requests: READ_AND_EDIT, parameters: update({ name: V }), good: () => ['New A', 'New B'], bad: '' },
	],
} satisfies BadItemCases;

/** Update with nothing to change (a collection filled by an expression reaches the node empty: the setting is the whole case). */
export const templateBadSettingCases = {
	update: [{ name: 'Update: nothing to change', field: 'Update Fields', parameters: update({}) }],
} satisfies Record<string, BadSettingCase[]>;

/** An operation given a template ID the service does not have: item 1 of three names 4999 (`$json.id`), the service says no. */
export interface UnknownTemplateCase {
	name: string;
	parameters(account: AccountIds): INodeParameters;
	/** the API method each good item calls once it has its template */
	method: string;
}

const byItemId = byId('={{ $json.id }}');

export const unknownTemplateCases = {
	template: {
		get: [{ name: 'Get: a template ID that does not exist', method: 'getTemplateMessageById', parameters: template('get', { template: byItemId }) }],
		delete: [{ name: 'Delete: a template ID that does not exist', method: 'deleteTemplateMessage', parameters: template('delete', { template: byItemId }) }],
		update: [{ name: 'Update: a template ID that does not exist', method: 'editTemplateMessage', parameters: template('update', { template: byItemId, updateFields: { name: 'x', message: 'y' } }) }],
	},
	chatMessage: {
		send: [
			{
				name: 'Send: a template ID that does not exist',
				method: 'sendQuickChatMessage',
				parameters: (account) => params(account, 'chatMessage', 'send', { phone: '={{ $json.phone }}', messageFrom: 'template', messageTemplate: byItemId }),
			},
		],
	},
} satisfies Record<string, Record<string, UnknownTemplateCase[]>>;
