import axios from 'axios';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { MessagingServiceApi } from '../../credentials/MessagingServiceApi.credentials';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * What n8n's "Test credential" button does with a `test.request`: resolve the credential
 * expressions, apply the credential's authenticate, send, and check the rules.
 */
export async function testCredential(data: ICredentialDataDecryptedObject): Promise<CredentialTestResult> {
	const credential = new MessagingServiceApi();
	const { request, rules } = credential.test;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url ?? '',
		baseURL: String(data.baseUrl ?? ''),
		qs: { ...(request.qs ?? {}) },
	};
	try {
		const authenticated = await credential.authenticate(data, options);
		const response = await axios.request({
			method: authenticated.method ?? 'GET',
			baseURL: authenticated.baseURL,
			url: authenticated.url,
			params: authenticated.qs,
			validateStatus: () => true,
		});
		for (const rule of rules ?? []) {
			if (rule.type === 'responseCode' && response.status === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		if (response.status < 200 || response.status >= 300) {
			// n8n reports an unmatched failure by its status text only
			return { status: 'Error', message: response.statusText };
		}
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		return { status: 'Error', message: (error as Error).message };
	}
}
