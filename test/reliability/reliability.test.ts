// start-order: 4
/**
 * Reliability and security, proven. One suite, so that its figures are counted once and
 * printed once, at the end:
 *   1. the fault matrix (suites/faultMatrix.ts)      4. Base URL safety (suites/baseUrl.ts)
 *   2. bad input (suites/badInput.ts)                5. the trigger under faults (suites/trigger.ts)
 *   3. the API key never leaks (suites/keyLeaks.ts)    6. every failure bounded (suites/boundedFailures.ts)
 * Everything the runs show or log is searched for the API key (lib/leaks.ts).
 *
 * Why it takes over a minute alone, and cannot take much less: its time is waiting, not CPU. The
 * timeout cells hold answers past a 10 s Timeout, operations without that option wait their 30 s,
 * and the 5xx cells wait out the retry back-off; these are the promises it checks (a hang ends
 * when the Timeout says), so they are real durations, run side by side in the background from
 * the start (faultMatrixSuite, startTriggerScenarios) while the rest of the suite runs.
 */
import { badInputSuite } from './suites/badInput';
import { baseUrlSuite } from './suites/baseUrl';
import { boundedFailuresSuite } from './suites/boundedFailures';
import { faultMatrixSuite, slowLaneChecks } from './suites/faultMatrix';
import { checkKeyNotInUrls, keyLeakSuite } from './suites/keyLeaks';
import { startTriggerScenarios, triggerSuite } from './suites/trigger';
import { figures, summaryText } from './lib/figures';
import { allSettled, useBackground } from './lib/background';
import { KEY_FORMS, KEY_PREFIX_LENGTH, knownLeakLines, leakWatch } from './lib/leaks';
import { harvestAll } from './lib/world';

beforeAll(() => leakWatch.install());
afterEach(() => {
	const name = expect.getState().currentTestName;
	leakWatch.scanLog(name ?? 'unnamed test', knownLeakLines(name));
});
afterAll(() => leakWatch.restore());

// what mostly waits (30 s timeouts, retry back-off) runs in the background from the start
faultMatrixSuite();
startTriggerScenarios();
useBackground();

badInputSuite();
keyLeakSuite();
baseUrlSuite();
slowLaneChecks();
triggerSuite();
boundedFailuresSuite();

describe('summary', () => {
	it('the key never travels in a URL for methods whose key belongs in the form body', async () => {
		await allSettled();
		harvestAll();
		checkKeyNotInUrls();
	}, 600_000);

	it('no message lost or doubled, no reply missed or repeated, no key anywhere: the figures', async () => {
		// the background work is over (its logs were searched too) before the console is given back
		await allSettled();
		leakWatch.scanLog('background work');
		leakWatch.restore();
		figures.keyLeak.forms = KEY_FORMS.length;
		figures.keyLeak.prefixLength = KEY_PREFIX_LENGTH;
		// straight to the output: jest --silent (npm test) keeps the console quiet, the figures are wanted
		process.stdout.write(
			`${summaryText(leakWatch.hits.length, leakWatch.knownHits.length, leakWatch.scans, leakWatch.logWrites)}\n`,
		);
		expect(figures.messages).toMatchObject({ lost: 0, doubled: 0 });
		expect(figures.templates).toMatchObject({ lost: 0, doubled: 0 });
		expect(figures.replies).toMatchObject({ missed: 0, duplicated: 0 });
		expect(figures.records).toMatchObject({ missing: 0, duplicated: 0 });
		expect(leakWatch.hits).toEqual([]);
		expect(figures.badInputs.cases).toBeGreaterThanOrEqual(40);
	});

	// When a user types the key into a field, n8n keeps the original Error as the error's `cause`
	// and its error reporter logs that cause: it must be clean too.
	it('what n8n keeps, logs and reports of an error (its cause) never shows a key typed into a field', () => {
		expect(leakWatch.knownHits.map((hit) => hit.where)).toEqual([]);
	});
});
