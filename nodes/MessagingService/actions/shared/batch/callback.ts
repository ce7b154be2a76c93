/**
 * The callback URL of each request of a Send Batch run: the URL the user gave, with the run's
 * reference, the request's number (`chunk` of `chunks`) and their signature in the query (see
 * helpers/callbackSignature.ts), so that the Callback Trigger can check it and tell chunks apart.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { newCallbackRef, signedCallbackUrl } from '../../../helpers/callbackSignature';
import { apiKeyOf } from '../../../transport/secrets';

/** The callback URL of request `chunk` (from 1) of `url`; undefined when no URL was given. */
export type CallbackSigner = (url: string | undefined, chunk: number) => string | undefined;

/** A signer for one Send Batch run of `chunks` requests (one new reference per run). */
export async function callbackSigner(
	context: IExecuteFunctions,
	chunks: number,
): Promise<CallbackSigner> {
	const apiKey = await apiKeyOf(context);
	const ref = newCallbackRef();
	return (url, chunk) =>
		url === undefined ? undefined : signedCallbackUrl(url, apiKey, { ref, chunk, chunks });
}
