import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { authenticateRequest } from '../nodes/MessagingService/transport/auth';

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
			displayName: 'Default Sender Name ID',
			name: 'defaultSenderNameId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1001',
			description:
				'Optional. The sender name (alphaname) nodes use when their Sender Name ID is left empty. The service offers no list of sender names, so the usual one can be stored here once.',
		},
		{
			displayName: 'Default Chat Sender ID',
			name: 'defaultChatnameId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2001',
			description: 'Optional. The chat sender nodes use when their Chat Sender ID is left empty',
		},
		{
			displayName: 'Default Subscriber List ID',
			name: 'defaultListId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3001',
			description:
				'Optional. The subscriber list that Send to List uses when its Subscriber List ID is left empty',
		},
		{
			displayName: 'Service Time Zone',
			name: 'serviceTimeZone',
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Minsk',
			description:
				"The time zone of the service's times, which carry none (an IANA name, e.g. Europe/Minsk). The reply trigger reads the service's times in it (receivedAt, what exists at activation); the operations send their schedule and send times in it. Leave empty to use the workflow's time zone, as before this setting existed.",
		},
		{
			displayName: 'Default Country',
			name: 'defaultCountry',
			type: 'string',
			default: '',
			placeholder: 'e.g. BY',
			description:
				"Optional. The country of phones written without a country code, as its ISO 3166 code (BY, GB, US...): (029) 113-00-01 is then sent to 375291130001. A node's Default Country option overrides it. Empty: a national number is refused with an error.",
		},
		{
			displayName: 'Verification Secret',
			name: 'verificationSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Optional. The secret that signs the tokens of Verification Code > Send and Check. Empty: one derived from the API key (which it does not reveal); changing the key then voids the tokens not yet checked. Set one of 32 characters or more to keep tokens valid across key changes.',
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const authenticated = authenticateRequest(credentials, requestOptions);
		if (!authenticated.ok) throw new Error(authenticated.problem);
		return authenticated.request;
	};
}
