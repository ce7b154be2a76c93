// Jest's test sequencer for both suites: the order in which the files start, the same on every
// run, cached timings or not (a fresh clone, as in CI, has none).
//
// Jest suite: the files that take longest start first, so that it does not end on one long file.
// End-to-end suite: first the files that wait for minutes, for n8n's once-a-minute polls or queue
// mode's workers; with a worker each they start at once, and the suite takes about as long as the
// longest of them. Next the two files with an n8n of their own, bare-n8n and demo (about 0.8 GB
// each): they are done while queue mode is still starting and the shared n8n is still small, so
// the n8n processes stay at about 3 GB. Then the rest.
//
// A file of ORDER that does not exist (renamed, moved) stops every jest run here, naming it: a
// stale list would otherwise just let the long files start last, silently.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = [
	'test/node/trigger/scale/noFlood.oldestFirst.test.ts',
	'test/node/trigger/scale/noFlood.newestFirst.test.ts',
	'test/node/trigger/scale/restarts.test.ts',
	'test/reliability/reliability.test.ts',
	'test/e2e/queue-mode.test.ts',
	'test/e2e/auto-responder.test.ts',
	'test/e2e/ai-chatbot.test.ts',
	'test/e2e/chat-trigger.test.ts',
	'test/e2e/bare-n8n.test.ts',
	'test/e2e/demo.test.ts',
	'test/e2e/examples.test.ts',
	'test/e2e/send-and-wait.test.ts',
];

const repoRoot = path.resolve(__dirname, '../..');
const missing = ORDER.filter((name) => !fs.existsSync(path.join(repoRoot, name)));
if (missing.length > 0) {
	throw new Error(`scripts/test/start-order.js lists test files that do not exist (renamed or moved?): ${missing.join(', ')}`);
}

function rank(test) {
	const index = ORDER.findIndex((name) => test.path.endsWith(`/${name}`));
	return index === -1 ? ORDER.length : index;
}

class StartOrder extends Sequencer {
	async sort(tests) {
		const usual = await super.sort(tests);
		return [...usual].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = StartOrder;
