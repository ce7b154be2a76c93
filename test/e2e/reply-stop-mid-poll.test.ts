// start-order: 3
// Issue 48: the polling trigger deactivated and republished mid-poll in the shared n8n (legacy
// poller): no reply is read on the service that no execution carries (lib/mid-poll.ts).
import { describeMidPoll } from './lib/mid-poll';
import { sharedN8n } from './lib/shared-n8n';

describeMidPoll('reply-stop-mid-poll', 'e2e-reply-stop-mid-poll-key-Lr5e', '3752917', async () => {
	const { client } = await sharedN8n();
	return { client, stop: async () => undefined };
});
