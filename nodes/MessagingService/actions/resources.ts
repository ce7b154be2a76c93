import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { FROM_VERSION_2, ONLY_VERSION_1 } from './common';

import { chatMessage } from './chatMessage';
import { conversation } from './conversation';
import { reply } from './reply';
import { sms } from './sms';
import { template } from './template';
import { verificationCode } from './verificationCode';
import type { OperationModule, ResourceModule } from './types';

const resourceNames: Record<string, string> = {
	sms: 'SMS',
	chatMessage: 'Chat Message',
	reply: 'Reply',
	verificationCode: 'Verification Code',
	template: 'Template',
	conversation: 'Conversation',
};

export const resources: Record<string, ResourceModule> = {
	sms,
	chatMessage,
	reply,
	verificationCode,
	template,
	conversation,
};

/** What n8n's AI Workflow Builder reads about each resource (convention: hints/builder.ts). */
const resourceBuilderHints: Record<string, string> = {
	sms: 'Text messages to phones: one per item (`sms.send`), many in few requests (`sms.sendBatch`), or to a stored list (`sms.sendToList`, then `sms.confirmListMailing`).',
	chatMessage:
		'Messages in a chat app (text, image or button) to phones: one per item (`chatMessage.send`), many (`chatMessage.sendBatch`) or to a stored list. Replies to them start the Messaging Service Chat Trigger.',
	reply:
		'Reads and marks the replies to chat mailings on demand; to start a workflow on replies use a trigger of this package instead.',
	verificationCode:
		'One-time codes for sign-up or login in two executions: `verificationCode.send`, then `verificationCode.check` with its "token".',
	template: 'Stored message templates; the send operations can take their text from one.',
	conversation:
		'Human handoff for a chatbot on the Messaging Service Chat Trigger: a person takes a conversation over (`conversation.handOver`, an AI Agent tool) and hands it back (`conversation.handBack`).',
};

export const resourceOptions: INodePropertyOptions[] = Object.keys(resourceNames)
	.filter((value) => Object.keys(resources[value].operations).length > 0)
	.map((value) => ({
		name: resourceNames[value],
		value,
		builderHint: { propertyHint: resourceBuilderHints[value] },
	}));

/** With the versions' displayOptions joined to the field's own. */
function onlyFor(versions: { show: object }, field: INodeProperties): INodeProperties {
	return {
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, ...versions.show },
		},
	};
}

/**
 * A resource's Operation field: one, or when version 2 renamed operations, version 1's (with the
 * values its workflows saved) and version 2's.
 */
export function operationFieldsOf(resource: ResourceModule): INodeProperties[] {
	const renamed = Object.entries(resource.renamedOperations ?? {});
	if (renamed.length === 0) return [resource.operationField];
	const oldValue = new Map(renamed.map(([old, current]) => [current, old]));
	const version1 = {
		...resource.operationField,
		options: (resource.operationField.options as INodePropertyOptions[]).map((option) => ({
			...option,
			value: oldValue.get(String(option.value)) ?? option.value,
		})),
		default:
			oldValue.get(String(resource.operationField.default)) ?? resource.operationField.default,
	};
	return [onlyFor(ONLY_VERSION_1, version1), onlyFor(FROM_VERSION_2, resource.operationField)];
}

/** The operation to run for a resource and an operation value, under its current value when it was renamed. */
export function operationOf(resource: string, operation: string): OperationModule | undefined {
	const module = resources[resource];
	return module?.operations[module.renamedOperations?.[operation] ?? operation];
}
