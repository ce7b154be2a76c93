import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { MessagingServiceApi } from '../../credentials/MessagingServiceApi.credentials';

/**
 * Hands the node the credential data of a test and applies the credential type's own
 * `authenticate`, as n8n's CredentialsHelper does for a function-style authenticate.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	readonly credentialType: ICredentialType = new MessagingServiceApi();

	/** how often n8n loaded and decrypted the credential (a database read in a real n8n) */
	decryptions = 0;

	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (typeName !== this.credentialType.name)
			throw new Error(`Unknown credential type ${typeName}`);
		const { authenticate } = this.credentialType;
		if (typeof authenticate !== 'function')
			throw new Error('The credential must authenticate with a function');
		return await authenticate(credentials, requestOptions);
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		this.decryptions++;
		return { ...this.data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return this.credentialType.properties;
	}
}
