// start-order: 2
// Issue 48: the Chat Trigger in regular mode, n8n stopped with SIGTERM and SIGKILL (alternating,
// right after a mark-as-read and at random instants) and started again 6 times on the same user
// folder while 20 customers keep writing: every message ends up in exactly one finished turn, or
// in a later one too only when that one says `redelivered: true`.
import { describeChatKill } from './lib/chat-kill';

describeChatKill('reply-kill chat', 'e2e-reply-kill-chat-key-Pn4d', 'regular');
