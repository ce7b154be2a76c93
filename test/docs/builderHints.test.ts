import type {
	IBuilderHint,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceCallbackTrigger } from '../../nodes/MessagingService/MessagingServiceCallbackTrigger.node';
import { MessagingServiceDeliveryTrigger } from '../../nodes/MessagingService/MessagingServiceDeliveryTrigger.node';
import { MessagingServiceChatTrigger } from '../../nodes/MessagingService/MessagingServiceChatTrigger.node';
import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';

/**
 * The hints for n8n's AI Workflow Builder (`builderHint`), read from the node descriptions as n8n
 * loads them. Every operation has one, and every name a hint gives in backticks exists
 * (convention in nodes/MessagingService/hints/builder.ts): `resource.operation`, `parameter`,
 * `parameter=value`, or a node type with its package.
 */

const PACKAGE = 'n8n-nodes-messaging-service';
const OPERATION_COUNT = 36;

/** n8n's node types a hint may name, as n8n 2.41.1 registers them (checked in its node packages). */
const N8N_NODE_TYPES = [
	'@n8n/n8n-nodes-langchain.agent',
	'@n8n/n8n-nodes-langchain.memoryBufferWindow',
	'@n8n/n8n-nodes-langchain.memoryRedisChat',
	'@n8n/n8n-nodes-langchain.memoryPostgresChat',
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.wait',
	'n8n-nodes-base.dataTable',
	'n8n-nodes-base.if',
];

const descriptions: INodeTypeDescription[] = [
	new MessagingService().description,
	new MessagingServiceTrigger().description,
	new MessagingServiceChatTrigger().description,
	new MessagingServiceCallbackTrigger().description,
	new MessagingServiceDeliveryTrigger().description,
];
const action = descriptions[0];
const currentVersion = action.defaultVersion ?? 1;

/** Whether a field of the action node is shown at its current version. */
function shownNow(property: INodeProperties): boolean {
	const versions = property.displayOptions?.show?.['@version'];
	return versions === undefined || NodeHelpers.checkConditions(versions, [currentVersion]);
}

const operationFields = action.properties.filter(
	(property) => property.name === 'operation' && shownNow(property),
);
const resourceField = action.properties.find(
	(property) => property.name === 'resource',
) as INodeProperties;

const operations = operationFields.flatMap((field) =>
	((field.displayOptions?.show?.resource ?? []) as string[]).flatMap((resource) =>
		(field.options as INodePropertyOptions[]).map((option) => ({ resource, option })),
	),
);

/** Every parameter of the package's nodes, nested ones too, with the option values it offers. */
function collectParameters(
	properties: Array<INodeProperties | INodePropertyOptions>,
	into: Map<string, Set<string>>,
) {
	for (const property of properties) {
		if (!('displayName' in property) || !('type' in property)) continue;
		const values = into.get(property.name) ?? new Set<string>();
		into.set(property.name, values);
		for (const option of (property.options ?? []) as Array<
			INodePropertyOptions | INodeProperties | { values?: INodeProperties[] }
		>) {
			if ('value' in option) values.add(String(option.value));
			else if ('values' in option && Array.isArray(option.values))
				collectParameters(option.values, into);
			else collectParameters([option as INodeProperties], into);
		}
	}
	return into;
}
const parameters = collectParameters(
	descriptions.flatMap((description) => description.properties),
	new Map(),
);
const operationNames = new Set(
	operations.map(({ resource, option }) => `${resource}.${String(option.value)}`),
);
const nodeTypes = new Set([
	...N8N_NODE_TYPES,
	...descriptions.map((description) => `${PACKAGE}.${description.name}`),
]);

/** Why a name in backticks does not exist, or undefined when it does. */
function unknownName(name: string): string | undefined {
	if (/^@|^[a-z0-9]+(-[a-z0-9]+)+\./.test(name))
		return nodeTypes.has(name) ? undefined : `no node type ${name}`;
	const [field, value] = name.split('=');
	if (value !== undefined) {
		if (!parameters.has(field)) return `no parameter ${field}`;
		return parameters.get(field)?.has(value)
			? undefined
			: `parameter ${field} has no option ${value}`;
	}
	if (name.includes('.')) return operationNames.has(name) ? undefined : `no operation ${name}`;
	return parameters.has(name) ? undefined : `no parameter ${name}`;
}

interface HintText {
	where: string;
	text: string;
}

/** Every text of every builderHint in a description, with where it is. */
function hintTexts(value: unknown, where: string): HintText[] {
	if (Array.isArray(value))
		return value.flatMap((entry, index) => hintTexts(entry, `${where}[${index}]`));
	if (typeof value !== 'object' || value === null) return [];
	return Object.entries(value).flatMap(([key, entry]): HintText[] => {
		if (key !== 'builderHint') return hintTexts(entry, `${where}.${key}`);
		const hint = entry as IBuilderHint & { propertyHint?: string };
		return [
			...(hint.propertyHint ? [{ where, text: hint.propertyHint }] : []),
			...(hint.searchHint ? [{ where, text: hint.searchHint }] : []),
			...(hint.relatedNodes ?? []).map((related) => ({
				where: `${where} related ${related.nodeType}`,
				text: related.relationHint,
			})),
		];
	});
}
const texts = descriptions.flatMap((description) => hintTexts(description, description.name));

function namesIn(text: string): string[] {
	return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

describe('hints for n8n’s AI Workflow Builder', () => {
	it('each of the four nodes says what it is for, and which nodes go with it', () => {
		for (const description of descriptions) {
			expect([description.name, (description.builderHint?.searchHint ?? '').length > 100]).toEqual([
				description.name,
				true,
			]);
			expect([description.name, (description.builderHint?.relatedNodes ?? []).length > 0]).toEqual([
				description.name,
				true,
			]);
		}
	});

	it(`each of the ${OPERATION_COUNT} operations, and each resource, has a hint`, () => {
		expect(operations).toHaveLength(OPERATION_COUNT);
		const withoutHint = [
			...operations
				.filter(({ option }) => !option.builderHint?.propertyHint)
				.map(({ resource, option }) => `${resource}.${String(option.value)}`),
			...((resourceField.options ?? []) as INodePropertyOptions[])
				.filter((option) => !option.builderHint?.propertyHint)
				.map((option) => String(option.value)),
		];
		expect(withoutHint).toEqual([]);
	});

	it('the hints tell one message from a batch, Send to List from its confirmation, and Send from Check', () => {
		const hintOf = (name: string) =>
			operations.find(({ resource, option }) => `${resource}.${String(option.value)}` === name)
				?.option.builderHint?.propertyHint ?? '';
		expect(hintOf('sms.send')).toContain('`sms.sendBatch`');
		expect(hintOf('sms.sendToList')).toContain('`confirmAction=confirm`');
		expect(hintOf('verificationCode.send')).toContain('`verificationCode.check`');
		expect(hintOf('verificationCode.check')).toMatch(/same execution/);
		const replyTrigger = descriptions[1].builderHint?.searchHint ?? '';
		expect(replyTrigger).toContain(`\`${PACKAGE}.messagingServiceChatTrigger\``);
	});

	it('every name a hint gives in backticks exists', () => {
		const unknown = texts.flatMap(({ where, text }) =>
			namesIn(text).flatMap((name) => {
				const problem = unknownName(name);
				return problem ? [`${where}: ${problem}`] : [];
			}),
		);
		expect(unknown).toEqual([]);
		expect(texts.flatMap(({ text }) => namesIn(text)).length).toBeGreaterThan(50);
	});

	it('every related node is a node type of n8n or of the package', () => {
		const related = descriptions.flatMap((description) =>
			(description.builderHint?.relatedNodes ?? []).map((node) => node.nodeType),
		);
		expect(related.filter((nodeType) => !nodeTypes.has(nodeType))).toEqual([]);
	});

	it('the check catches a wrong name of each kind', () => {
		for (const wrong of [
			'sms.sendBulk',
			'chatMessage.confirm',
			'phoneFeld',
			'confirmAction=yes',
			'messageType=group',
			'n8n-nodes-base.waitt',
			'@n8n/n8n-nodes-langchain.memory',
			`${PACKAGE}.messagingServiceTool`,
		]) {
			expect([wrong, unknownName(wrong) !== undefined]).toEqual([wrong, true]);
		}
		for (const right of [
			'sms.sendBatch',
			'confirmAction=confirm',
			'combineRepliesPerPhone',
			'messageType=personal',
			'n8n-nodes-base.wait',
		]) {
			expect([right, unknownName(right)]).toEqual([right, undefined]);
		}
	});

	it('no hint carries n8n’s wire format (what no-builder-hint-leakage refuses) or angle brackets', () => {
		const leaks = texts
			.filter(({ text }) => /={{|\bai_[a-zA-Z]+\b|[<>]/.test(text))
			.map(({ where }) => where);
		expect(leaks).toEqual([]);
	});
});
