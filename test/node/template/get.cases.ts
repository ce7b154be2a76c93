import type { INodeParameters } from 'n8n-workflow';

import {
	BY_ITEM_ID,
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
	type UnknownTemplateCase,
} from '../../harness/badInputCase';
import { TEST_API_KEY } from '../../harness/keys';
import { byId, type AccountIds } from '../../harness/params';

const template = (rest: INodeParameters) => caseParams('template', 'get', rest);
const storedIds = (emulator: { account: AccountIds }) =>
	emulator.account.templateIds.slice(0, 2).map(String);

/** Template > Get: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get: template ID in words',
		field: 'Template',
		method: 'getTemplateMessageById',
		parameters: template({ template: byId(V) }),
		good: storedIds,
		bad: 'Welcome',
	},
	{
		name: 'Get: template ID left empty',
		field: 'Template',
		method: 'getTemplateMessageById',
		parameters: template({ template: byId(V) }),
		good: storedIds,
		bad: '',
	},
	{
		name: 'Get: the API key pasted into the template ID',
		field: 'Template',
		method: 'getTemplateMessageById',
		parameters: template({ template: byId(V) }),
		good: storedIds,
		bad: TEST_API_KEY,
		keyAsValue: true,
	},
] satisfies BadItemCase[];

/** Item 1 of three names template 4999, which the service does not have. */
export const unknownTemplates = [
	{
		name: 'Get: a template ID that does not exist',
		method: 'getTemplateMessageById',
		parameters: template({ template: BY_ITEM_ID }),
	},
] satisfies UnknownTemplateCase[];
