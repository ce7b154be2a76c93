// start-order: 3
// Issue 48: what n8n's durable scheduler (the four flags) does with a poll that fails and a poll
// that runs past its poll timeout (45 s: the poll is abandoned, not cancelled, and polling goes on),
// and that the polling trigger loses and doubles no reply through them (lib/slow-poll.ts).
import { durableSchedulerN8n } from './lib/mid-poll';
import { describeSlowPolls } from './lib/slow-poll';

describeSlowPolls(
	'reply-slow-poll durable',
	'e2e-reply-slow-poll-durable-key-Tm9x',
	'3752916',
	async () => await durableSchedulerN8n('slow-poll-durable'),
);
