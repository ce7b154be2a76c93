import type { INodePropertyOptions } from 'n8n-workflow';

import { template } from './template';
import type { ResourceModule } from './types';

const resourceNames: Record<string, string> = {
	sms: 'SMS',
	chatMessage: 'Chat Message',
	reply: 'Reply',
	verificationCode: 'Verification Code',
	template: 'Template',
};

export const resources: Record<string, ResourceModule> = {
	template,
};

export const resourceOptions: INodePropertyOptions[] = Object.keys(resourceNames)
	.filter((value) => resources[value] !== undefined)
	.map((value) => ({ name: resourceNames[value], value }));
