import type { ServerOptions } from 'node:http';

/**
 * Test servers close a connection when the client or the test closes it, never on a timer of their
 * own: beside busy processes the event loop runs its timers late and in a batch, and a server's timer
 * (60 s for a request's headers, 5 s for an idle kept-alive connection) fired as a client sent on that
 * connection, which the client saw as ECONNRESET (the reliability suite's setup, under TEST_CPU_LOAD=3).
 */
export const PATIENT: ServerOptions = { requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0 };
