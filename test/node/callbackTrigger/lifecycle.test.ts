// Publishing a workflow with the Callback Trigger: nothing to register at the service (the spec
// has no such call), but a credential without an API key could check no callback, so it is refused.
import { WebhookHost } from '../../harness/webhook';

describe('Messaging Service Callback Trigger: activation', () => {
	it('activates with a credential that has an API key', async () => {
		await expect(new WebhookHost().activate()).resolves.toBe(true);
	});

	it.each([
		['empty', ''],
		['blank', '   '],
	])(
		"refuses to activate when the credential's API key is %s, saying why",
		async (_name, apiKey) => {
			await expect(new WebhookHost({ apiKey }).activate()).rejects.toThrow(
				'The credential has no API key',
			);
		},
	);
});
