import type { INodePropertyOptions } from 'n8n-workflow';

import { chatMessage } from './chatMessage';
import { reply } from './reply';
import { sms } from './sms';
import { template } from './template';
import { verificationCode } from './verificationCode';
import type { ResourceModule } from './types';

const resourceNames: Record<string, string> = {
	sms: 'SMS',
	chatMessage: 'Chat Message',
	reply: 'Reply',
	verificationCode: 'Verification Code',
	template: 'Template',
};

export const resources: Record<string, ResourceModule> = {
	sms,
	chatMessage,
	reply,
	verificationCode,
	template,
};

export const resourceOptions: INodePropertyOptions[] = Object.keys(resourceNames)
	.filter((value) => Object.keys(resources[value].operations).length > 0)
	.map((value) => ({ name: resourceNames[value], value }));
