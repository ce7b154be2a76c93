import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { escapeHtml } from './escape';

export const FIELD_TYPES = ['text', 'textarea', 'number', 'email', 'dropdown'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
	label: string;
	type: FieldType;
	required: boolean;
	/** the choices of a dropdown */
	choices: string[];
}

export const MAX_FIELD_LENGTH = 5000;

/** The fields of a Custom Form (Response Type), as n8n's Form fields name them. */
export const customFormFields: INodeProperties = {
	displayName: 'Form Fields',
	name: 'formFields',
	type: 'fixedCollection',
	placeholder: 'Add form field',
	typeOptions: { multipleValues: true, sortable: true },
	default: {},
	displayOptions: { show: { responseType: ['customForm'] } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Field Label',
					name: 'fieldLabel',
					type: 'string',
					default: '',
					placeholder: 'e.g. Delivery day',
					description: 'The label on the page, and the name of the answer in the output',
					required: true,
				},
				{
					displayName: 'Field Type',
					name: 'fieldType',
					type: 'options',
					default: 'text',
					options: [
						{ name: 'Dropdown List', value: 'dropdown' },
						{ name: 'Email', value: 'email' },
						{ name: 'Number', value: 'number' },
						{ name: 'Text', value: 'text' },
						{ name: 'Textarea', value: 'textarea' },
					],
				},
				{
					displayName: 'Choices',
					name: 'choices',
					type: 'string',
					default: '',
					placeholder: 'e.g. Monday, Tuesday, Friday',
					description: 'The choices of the list, separated by commas',
					displayOptions: { show: { fieldType: ['dropdown'] } },
				},
				{
					displayName: 'Required Field',
					name: 'requiredField',
					type: 'boolean',
					default: false,
					description: 'Whether the form can be sent only with this field filled in',
				},
			],
		},
	],
};

/** The form's fields, or what is wrong with them (a label missing or twice, a list without choices, an unknown type). */
export function formFieldsOf(values: unknown): FormField[] | { problem: string } {
	const rows = Array.isArray(values) ? (values as IDataObject[]) : [];
	if (rows.length === 0) return { problem: 'add at least one field to the form' };
	const fields: FormField[] = [];
	for (const row of rows) {
		const label = String(row.fieldLabel ?? '').trim();
		const type = String(row.fieldType ?? 'text') as FieldType;
		if (label === '') return { problem: `field ${fields.length + 1} has no label` };
		if (fields.some((field) => field.label === label))
			return { problem: `two fields are labelled "${label}"` };
		if (!FIELD_TYPES.includes(type))
			return { problem: `the field "${label}" has the unknown type "${type}"` };
		const choices = String(row.choices ?? '')
			.split(',')
			.map((choice) => choice.trim())
			.filter((choice) => choice !== '');
		if (type === 'dropdown' && choices.length === 0)
			return { problem: `the list "${label}" has no choices` };
		fields.push({ label, type, required: row.requiredField === true, choices });
	}
	return fields;
}

function inputOf(field: FormField, name: string): string {
	const required = field.required ? ' required' : '';
	if (field.type === 'textarea')
		return `<textarea id="${name}" name="${name}" maxlength="${MAX_FIELD_LENGTH}"${required}></textarea>`;
	if (field.type === 'dropdown') {
		const choices = field.choices
			.map((choice) => `<option>${escapeHtml(choice)}</option>`)
			.join('');
		return `<select id="${name}" name="${name}"${required}><option value=""></option>${choices}</select>`;
	}
	const type = field.type === 'text' ? 'text' : field.type;
	const extra =
		field.type === 'number'
			? ' step="any" inputmode="decimal"'
			: ` maxlength="${MAX_FIELD_LENGTH}"`;
	return `<input type="${type}" id="${name}" name="${name}"${extra}${required}>`;
}

/**
 * The form's inputs, named field-0, field-1, ... in the order of the fields. n8n takes a custom
 * form of Send and Wait only as multipart/form-data, and gives its fields under `data`.
 */
export function customFormHtml(fields: FormField[], submitLabel: string, moreButtons = ''): string {
	const inputs = fields
		.map(
			(field, index) =>
				`<label for="field-${index}">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>\n${inputOf(field, `field-${index}`)}`,
		)
		.join('\n');
	return `<form method="post" enctype="multipart/form-data">\n${inputs}\n<div class="buttons">\n<button type="submit" class="primary">${escapeHtml(submitLabel)}</button>${moreButtons}\n</div>\n</form>`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The answers of a POSTed form, by field label, or why they cannot be taken. */
export function customFormAnswers(
	fields: FormField[],
	value: (name: string) => unknown,
): { answer: IDataObject } | { refused: string } {
	const answer: IDataObject = {};
	for (const [index, field] of fields.entries()) {
		const raw = value(`field-${index}`);
		const text = typeof raw === 'string' ? raw.trim() : '';
		if (raw !== undefined && typeof raw !== 'string')
			return { refused: `"${field.label}" has an answer that is not text.` };
		if (text === '') {
			if (field.required) return { refused: `"${field.label}" is required.` };
			answer[field.label] = field.type === 'number' ? null : '';
			continue;
		}
		if (text.length > MAX_FIELD_LENGTH)
			return { refused: `"${field.label}" has more than ${MAX_FIELD_LENGTH} characters.` };
		if (field.type === 'number') {
			const number = Number(text);
			if (!Number.isFinite(number)) return { refused: `"${field.label}" must be a number.` };
			answer[field.label] = number;
		} else if (field.type === 'email' && !EMAIL.test(text)) {
			return { refused: `"${field.label}" must be an email address.` };
		} else if (field.type === 'dropdown' && !field.choices.includes(text)) {
			return { refused: `"${field.label}" must be one of its choices.` };
		} else {
			answer[field.label] = text;
		}
	}
	return { answer };
}
