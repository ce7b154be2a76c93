// The emulator answers in rounds that the test, not the machine's speed, decides: it holds every
// answer until the node has nothing left to send, then lets them all go. "Nothing left to send" is
// counted, not timed: every HTTP request this process started has reached the emulator and is held
// there, every answer let go has been read by the client, and that stays so for a few turns of the
// event loop (a continuation of the node runs before the next turn). A fixed latency instead lets
// answers of a round come back before a slow machine has sent the round out.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

import type { Sandbox } from '../sandbox';

const SETTLED_TURNS = 5;

const CHANNELS = [
	'http.client.request.start',
	'http.server.request.start',
	'http.server.response.finish',
	'http.client.response.finish',
] as const;

/** Holds the emulator's answers and lets each round go once the node waits for it; returns the stop. */
export function answerInRounds(sandbox: Sandbox): () => void {
	const counts = Object.fromEntries(CHANNELS.map((channel) => [channel, 0])) as Record<
		(typeof CHANNELS)[number],
		number
	>;
	const counters = CHANNELS.map((channel) => [channel, () => counts[channel]++] as const);
	for (const [channel, count] of counters) subscribe(channel, count);
	sandbox.holdAnswers();

	let running = true;
	let settledTurns = 0;
	let previous = '';
	const turn = () => {
		if (!running) return;
		const started = counts['http.client.request.start'];
		const arrived = counts['http.server.request.start'];
		const answered = counts['http.server.response.finish'];
		const read = counts['http.client.response.finish'];
		const held = sandbox.heldAnswers();
		const snapshot = `${started} ${arrived} ${answered} ${read} ${held}`;
		const waiting =
			held > 0 && started === arrived && answered === read && held === arrived - answered;
		settledTurns = waiting && snapshot === previous ? settledTurns + 1 : 0;
		previous = snapshot;
		if (settledTurns >= SETTLED_TURNS) {
			sandbox.releaseHeldAnswers();
			settledTurns = 0;
		}
		setImmediate(turn);
	};
	setImmediate(turn);

	return () => {
		running = false;
		for (const [channel, count] of counters) unsubscribe(channel, count);
		sandbox.releaseHeldAnswers();
	};
}
