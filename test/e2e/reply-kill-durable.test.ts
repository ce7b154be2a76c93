// start-order: 2
// Issue 48: the polling trigger's kill test (reply-kill.test.ts) on n8n's durable scheduler with
// durable poll cursors (the four flags), where n8n commits the poll's static data with the execution.
import { DURABLE_SCHEDULER_ENV, describePollKill } from './lib/poll-kill';

describePollKill('reply-kill durable', 'e2e-reply-kill-durable-key-Hw2c', DURABLE_SCHEDULER_ENV);
