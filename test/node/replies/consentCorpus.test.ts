import { consentRecognizerOf } from '../../../nodes/MessagingService/replies/consent/options';
import { consentCorpus } from './consentCorpus';
import { DELIBERATE_DIFFERENCES } from './consentCorpusSources';

const recognizer = consentRecognizerOf({}, () => undefined)!;

describe("consent recognition on writing that is not the project's: the corpus of published lists, issue threads and the classes of issue 51", () => {
	const corpus = consentCorpus();
	const results = corpus.map((reply) => ({
		...reply,
		found: recognizer.match(reply.text).consent,
	}));

	it('holds opt-outs, opt-ins, help requests and look-alikes in all seven languages', () => {
		const languages = new Set(
			corpus.filter((reply) => reply.label === 'optOut').map((reply) => reply.language),
		);
		for (const language of [
			'english',
			'russian',
			'belarusian',
			'ukrainian',
			'polish',
			'german',
			'spanish',
		])
			expect(languages).toContain(language);
		for (const label of ['optOut', 'optIn', 'help', null])
			expect(corpus.filter((reply) => reply.label === label).length).toBeGreaterThanOrEqual(100);
	});

	it.each(['optOut', 'optIn', 'help'] as const)(
		'%s: recall and precision at least 99%%, the only misses the deliberate differences',
		(label) => {
			const labelled = results.filter((reply) => reply.label === label);
			const found = results.filter((reply) => reply.found === label);
			const missed = labelled.filter((reply) => reply.found !== label);
			const wrong = found.filter((reply) => reply.label !== label);
			const recall = (labelled.length - missed.length) / labelled.length;
			const precision = (found.length - wrong.length) / found.length;
			console.log(
				`consent corpus, ${label}: ${labelled.length} of ${corpus.length} replies; recall ${(recall * 100).toFixed(2)}%, precision ${(precision * 100).toFixed(2)}%; ` +
					`missed: ${missed.map((reply) => JSON.stringify(reply.text)).join(', ') || 'none'}; wrongly marked: ${wrong.map((reply) => `${JSON.stringify(reply.text)} (${reply.label})`).join(', ') || 'none'}`,
			);
			expect(missed.map((reply) => reply.text)).toEqual(
				DELIBERATE_DIFFERENCES.filter((difference) => difference.label === label).map(
					(difference) => difference.text,
				),
			);
			expect(wrong.map((reply) => reply.text)).toEqual([]);
			expect(recall).toBeGreaterThanOrEqual(0.99);
			expect(precision).toBeGreaterThanOrEqual(0.99);
		},
	);
});
