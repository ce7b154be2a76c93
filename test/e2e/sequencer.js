// The order in which the end-to-end files start (the same on every run, cached timings or not).
//
// First the files that wait for minutes, for n8n's once-a-minute polls or its queue-mode workers:
// with a worker each they start at once, and the suite takes about as long as the longest of them.
// Next, on the other workers, the two files with an n8n of their own, bare-n8n and demo (about
// 0.8 GB each): they are done while queue mode is still starting (its main and two workers are
// about 1.4 GB once up) and the shared n8n is still small (0.8 GB at first, about 1.3 GB once the
// files have worked in it), so the n8n processes stay at about 3 GB. Then the rest, longest first.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = ['queue-mode', 'auto-responder', 'ai-chatbot', 'bare-n8n', 'demo', 'examples', 'send-and-wait'];

function rank(test) {
	const index = ORDER.findIndex((name) => test.path.endsWith(`/${name}.test.ts`));
	return index === -1 ? ORDER.length : index;
}

class WaitingFilesFirst extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = WaitingFilesFirst;
