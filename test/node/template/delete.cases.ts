import type { INodeParameters } from 'n8n-workflow';

import {
	BY_ITEM_ID,
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
	type UnknownTemplateCase,
} from '../../harness/badInputCase';
import { storedTemplate, twice } from '../../harness/badInputSetup';
import { byId } from '../../harness/params';

const template = (rest: INodeParameters) => caseParams('template', 'delete', rest);

/** Template > Delete: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Delete: empty template ID',
		field: 'Template',
		method: 'deleteTemplateMessage',
		parameters: template({ template: byId(V) }),
		good: twice(storedTemplate),
		bad: '',
	},
] satisfies BadItemCase[];

/** Item 1 of three names template 4999, which the service does not have. */
export const unknownTemplates = [
	{
		name: 'Delete: a template ID that does not exist',
		method: 'deleteTemplateMessage',
		parameters: template({ template: BY_ITEM_ID }),
	},
] satisfies UnknownTemplateCase[];
