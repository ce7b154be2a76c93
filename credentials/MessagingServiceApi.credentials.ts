import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { API_KEY_SLOT, fillApiKey } from '../nodes/MessagingService/transport/auth';

export class MessagingServiceApi implements ICredentialType {
	name = 'messagingServiceApi';

	displayName = 'Messaging Service API';

	icon: Icon = {
		light: 'file:../icons/messagingService.svg',
		dark: 'file:../icons/messagingService.dark.svg',
	};

	documentationUrl = 'https://github.com/messaging-service/n8n-nodes-messaging-service#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key of your account, from the settings page of the service',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description:
				'The address of the service; the API paths (/api/v1/..., /api/v2/...) are appended to it. For the local emulator use http://127.0.0.1:18080.',
		},
		{
			displayName: 'Allow Unencrypted HTTP',
			name: 'allowUnencryptedHttp',
			type: 'boolean',
			default: false,
			description:
				'Whether to allow an http:// Base URL on a host other than this machine. The API key then travels unencrypted: only for trusted networks.',
		},
		{
			displayName: 'Service Time Zone',
			name: 'serviceTimeZone',
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Minsk',
			description:
				"The time zone of the service's times, which carry none (an IANA name). Leave empty to use the workflow's time zone. The reply trigger uses it for receivedAt and for what counts as existing at activation.",
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const check = fillApiKey(credentials, requestOptions);
		if (!check.ok) throw new Error(check.problem);
		return requestOptions;
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/api/v2/getTemplateMessages',
			method: 'POST',
			qs: { token: API_KEY_SLOT },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The service refused the API key. Check the API Key field of this credential.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The service refused the API key. Check the API Key field of this credential.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'The service answered "page not found". Check the Base URL: the address of the service without /api/..., e.g. https://api.example.com',
				},
			},
		],
	};
}
