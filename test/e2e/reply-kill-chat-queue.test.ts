// start-order: 1
// Issue 48: the Chat Trigger's kill test (reply-kill-chat.test.ts) in queue mode: n8n's main (which
// runs the trigger) stopped and started again 6 times, its worker running on.
import { describeChatKill } from './lib/chat-kill';

describeChatKill('reply-kill chat queue', 'e2e-reply-kill-chat-queue-key-Vb8s', 'queue');
