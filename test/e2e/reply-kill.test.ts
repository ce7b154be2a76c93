// start-order: 2
// Issue 48: the polling trigger (Mark as Read on) on n8n's legacy poller, n8n stopped with
// SIGTERM and SIGKILL (alternating, right after a mark-as-read and at random instants) and started
// again 6 times on the same user folder while 20 customers keep writing: every reply ends up in
// exactly one finished execution, or in a later one too only when that one says `redelivered: true`.
import { describePollKill } from './lib/poll-kill';

describePollKill('reply-kill legacy', 'e2e-reply-kill-legacy-key-Tq7v', {});
