import type { IWebhookDescription } from 'n8n-workflow';

/**
 * The two waiting webhooks of Send and Wait for Response, on the node's own id: the signed
 * link of the message opens the page (GET), and the page posts the answer (POST). n8n checks
 * the link's signature before the node sees the request, because the operation is `sendAndWait`
 * (an n8n too old to sign links leaves the check to the node: see responseLink.ts).
 */
export const sendAndWaitWebhooks: IWebhookDescription[] = (['GET', 'POST'] as const).map(
	(httpMethod) => ({
		name: 'default',
		httpMethod,
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	}),
);
