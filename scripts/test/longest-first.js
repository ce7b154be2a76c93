// Jest's test sequencer for both suites: the files known to take longest start first, so that with
// several files at a time a suite takes about as long as its longest file. Jest orders by the
// durations of earlier runs only when it has them, and a fresh clone (CI) has none.
'use strict';

const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
	// the reply trigger at 20,000 mailings: every mailing read at least once
	'test/node/trigger/scale/noFlood.test.ts',
	'test/node/trigger/scale/restarts.test.ts',
	'test/reliability/reliability.test.ts',
	// waiting for n8n's once-a-minute polls and for workers
	'test/e2e/queue-mode.test.ts',
	'test/e2e/auto-responder.test.ts',
	'test/e2e/ai-chatbot.test.ts',
	'test/e2e/examples.test.ts',
	'test/e2e/send-and-wait.test.ts',
];

function rank(test) {
	const index = LONGEST_FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
	return index === -1 ? LONGEST_FIRST.length : index;
}

class LongestFirst extends Sequencer {
	async sort(tests) {
		const usual = await super.sort(tests);
		return [...usual].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = LongestFirst;
