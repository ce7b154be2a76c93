import { randomBytes, timingSafeEqual } from 'crypto';
import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

/** The query parameter of the node's own token, on an n8n that signs no resume links. */
export const LINK_TOKEN_PARAM = 'token';

/** n8n 1.1xx checks a signed link only once a node asks it to, as its own Send and Wait nodes do. */
interface SignatureCheckSwitch {
	setSignatureValidationRequired?: () => void;
}

/**
 * The link to this node's waiting webhook. n8n 2.x and late 1.x sign it (getSignedResumeUrl) and
 * check the signature before the node sees a request (1.1xx only when asked to). An older n8n
 * (1.100, for one) has neither, so the node builds n8n's unsigned link as n8n's own Send and
 * Wait nodes then did (the execution's resume URL and the node's id) and makes it unguessable
 * with a random token of its own, which the webhook checks (tokenAccepted): the execution id
 * counts up, and a node's id is in every copy of the workflow.
 */
export function responseLink(context: IExecuteFunctions): string {
	if (typeof context.getSignedResumeUrl === 'function') {
		const signatureCheck = context as IExecuteFunctions & SignatureCheckSwitch;
		if (typeof signatureCheck.setSignatureValidationRequired === 'function')
			signatureCheck.setSignatureValidationRequired();
		return context.getSignedResumeUrl();
	}
	const resumeUrl = String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0));
	return `${resumeUrl}/${context.getNode().id}?${LINK_TOKEN_PARAM}=${randomBytes(24).toString('base64url')}`;
}

/** The node's own token in a link it made; none in a link n8n signed. */
export function tokenOf(link: string): string | undefined {
	return new URL(link).searchParams.get(LINK_TOKEN_PARAM) ?? undefined;
}

/** Whether a request to the webhook carries the token its link was sent with (if the node made one). */
export function tokenAccepted(context: IWebhookFunctions, expected: string | undefined): boolean {
	if (!expected) return true;
	const given = context.getRequestObject().query?.[LINK_TOKEN_PARAM];
	if (typeof given !== 'string') return false;
	const givenBytes = Buffer.from(given);
	const expectedBytes = Buffer.from(expected);
	return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}
