/**
 * The webhook lifecycle n8n runs when the workflow is published (and when the test URL starts
 * listening). The spec has no call to register a callback address: each batch names its own
 * `callback_url`. So nothing is registered at or removed from the service; activation only
 * makes sure the credential can check the signatures of callbacks, and refuses otherwise.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const callbackLifecycle = {
	/** Nothing is registered at the service, so there is never anything to find. */
	async checkExists(this: IHookFunctions): Promise<boolean> {
		return false;
	},
	/** Refuses to listen without an API key: no callback could be checked. */
	async create(this: IHookFunctions): Promise<boolean> {
		const credentials = await this.getCredentials('messagingServiceApi');
		if (typeof credentials.apiKey !== 'string' || credentials.apiKey.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'The credential has no API key', {
				description:
					'The Callback Trigger checks the signature Send Batch adds to each callback URL with the API key of its credential. Choose the credential Send Batch uses.',
			});
		}
		return true;
	},
	/** Nothing to remove at the service. */
	async delete(this: IHookFunctions): Promise<boolean> {
		return true;
	},
};
