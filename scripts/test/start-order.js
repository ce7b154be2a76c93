// Jest's test sequencer for both suites: the order in which the files start, the same on every
// run, cached timings or not (a fresh clone, as in CI, has none).
//
// A file that must start early says so in its first line, `// start-order: N` (1 starts first);
// the others follow in jest's usual order. The mark moves with the file when it is renamed.
// Jest suite: the files that take longest start first, so that it does not end on one long file.
// End-to-end suite: first the files that wait for minutes, for n8n's once-a-minute polls or queue
// mode's workers; with a worker each they start at once, and the suite takes about as long as the
// longest of them. Next the two files with an n8n of their own, bare-n8n and demo (about 0.8 GB
// each): they are done while queue mode is still starting and the shared n8n is still small, so
// the n8n processes stay at about 3 GB. Then the rest.
'use strict';

const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const MARK = /^\/\/ start-order: (\d+)\n/;

function rank(test) {
	const mark = MARK.exec(fs.readFileSync(test.path, 'utf8').slice(0, 40));
	return mark ? Number(mark[1]) : Infinity;
}

class StartOrder extends Sequencer {
	async sort(tests) {
		const usual = await super.sort(tests);
		const ranks = new Map(usual.map((test) => [test.path, rank(test)]));
		return [...usual].sort((a, b) => ranks.get(a.path) - ranks.get(b.path));
	}
}

module.exports = StartOrder;
