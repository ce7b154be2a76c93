// Starts the end-to-end files that mostly wait (for n8n's once-a-minute polls, for workers) first,
// so that with several files at a time the suite takes about as long as its longest file. Jest
// orders by the durations of earlier runs only when it has them; a fresh clone has none.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = ['queue-mode', 'auto-responder', 'ai-chatbot', 'examples', 'send-and-wait'];

function rank(test) {
	const index = LONGEST_FIRST.findIndex((name) => test.path.endsWith(`/${name}.test.ts`));
	return index === -1 ? LONGEST_FIRST.length : index;
}

class LongestFirst extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = LongestFirst;
