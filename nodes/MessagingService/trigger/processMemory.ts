/**
 * All that the reply trigger keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */

/** The static data of the workflows this n8n process has polled (MessagingServiceTrigger.node.ts; never state). */
export const pollingSince = new WeakSet<object>();
