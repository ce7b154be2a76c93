import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';

const template = (rest: INodeParameters) => caseParams('template', 'create', rest);

/** Template > Create: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Create: empty name',
		field: 'Name',
		method: 'createTemplateMessage',
		parameters: template({ name: V, message: 'Text' }),
		good: () => ['Welcome back', 'Goodbye'],
		bad: '',
	},
	{
		name: 'Create: empty message',
		field: 'Message',
		method: 'createTemplateMessage',
		parameters: template({ name: 'T', message: V }),
		good: () => ['Text 1', 'Text 2'],
		bad: '',
	},
	{
		name: 'Create: message of spaces',
		field: 'Message',
		method: 'createTemplateMessage',
		parameters: template({ name: 'T', message: V }),
		good: () => ['Text 1', 'Text 2'],
		bad: '    ',
	},
] satisfies BadItemCase[];
