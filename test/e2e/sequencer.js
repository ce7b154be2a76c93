// The order in which the end-to-end files start (the same on every run, cached timings or not).
//
// First the files that mostly wait, for n8n's once-a-minute polls or its queue-mode workers: with
// a worker each they all start at once, and the suite takes about as long as the longest of
// them. The other files share the remaining workers meanwhile.
//
// Three files start an n8n of their own beside the shared one (0.8 GB at first, about 1.3 GB once
// the files have worked in it): queue-mode (main and two workers, about 1.4 GB), bare-n8n and
// demo (about 0.8 GB each). Both overlap queue mode, but started far apart (bare-n8n as soon as
// the first waiting file is done, demo after everything else) they do not overlap each other:
// at most about 3.5 GB of n8n processes.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['queue-mode', 'auto-responder', 'ai-chatbot', 'examples', 'send-and-wait', 'bare-n8n'];
const LAST = ['demo'];

function rank(test) {
	const named = (name) => test.path.endsWith(`/${name}.test.ts`);
	const first = FIRST.findIndex(named);
	if (first !== -1) return first;
	return LAST.some(named) ? FIRST.length + 1 : FIRST.length;
}

class WaitingFilesFirst extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = WaitingFilesFirst;
