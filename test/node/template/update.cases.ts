import type { INodeParameters } from 'n8n-workflow';

import {
	BY_ITEM_ID,
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
	type BadSettingCase,
	type UnknownTemplateCase,
} from '../../harness/badInputCase';
import { byId, type AccountIds } from '../../harness/params';

const template = (rest: INodeParameters) => caseParams('template', 'update', rest);
/** Update reads the templates of the good items, then edits them. */
const READ_AND_EDIT = [
	'getTemplateMessageById',
	'getTemplateMessageById',
	'editTemplateMessage',
	'editTemplateMessage',
];
const update = (updateFields: INodeParameters) => (account: AccountIds) =>
	template({ template: byId(String(account.templateIds[0])), updateFields })(account);

/** Template > Update: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Update: new message of spaces',
		field: 'Message',
		method: 'editTemplateMessage',
		requests: READ_AND_EDIT,
		parameters: update({ message: V }),
		good: () => ['New text', 'Other text'],
		bad: '   ',
	},
	{
		name: 'Update: new name left empty',
		field: 'Name',
		method: 'editTemplateMessage',
		requests: READ_AND_EDIT,
		parameters: update({ name: V }),
		good: () => ['New A', 'New B'],
		bad: '',
	},
] satisfies BadItemCase[];

/** Update with nothing to change (a collection filled by an expression reaches the node empty: the setting is the whole case). */
export const badSettings = [
	{ name: 'Update: nothing to change', field: 'Update Fields', parameters: update({}) },
] satisfies BadSettingCase[];

/** Item 1 of three names template 4999, which the service does not have. */
export const unknownTemplates = [
	{
		name: 'Update: a template ID that does not exist',
		method: 'editTemplateMessage',
		parameters: template({ template: BY_ITEM_ID, updateFields: { name: 'x', message: 'y' } }),
	},
] satisfies UnknownTemplateCase[];
