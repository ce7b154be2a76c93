// start-order: 3
// Issue 48: the polling trigger deactivated and republished mid-poll (lib/mid-poll.ts) in an n8n of
// its own on the durable scheduler with durable poll cursors (the four flags).
import { describeMidPoll, durableSchedulerN8n } from './lib/mid-poll';

describeMidPoll(
	'reply-stop-mid-poll durable',
	'e2e-reply-stop-mid-poll-durable-key-Qs3k',
	'3752918',
	async () => await durableSchedulerN8n('mid-poll-durable'),
);
