/**
 * The README is read in one sitting (issue 50): at most 250 lines, and its first screen says how
 * to try the package and how to run the tests, and why `npm ci` warns on Node.js 20.
 * Figures, bench tables and long caveats belong in docs/, linked from the README.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const README = readFileSync(join(__dirname, '../../README.md'), 'utf8').split('\n');
const FIRST_SCREEN = README.slice(0, 40).join('\n');

describe('README, read in one sitting', () => {
	it('is at most 250 lines long', () => {
		expect(README.length).toBeLessThanOrEqual(250);
	});

	it.each(['npm ci && npm run demo', 'npm ci && npm test', 'EBADENGINE'])(
		'shows "%s" in its first 40 lines',
		(text) => {
			expect(FIRST_SCREEN).toContain(text);
		},
	);

	it('holds no bench table: those live in docs/', () => {
		expect(README.filter((line) => /^\|.*\bp95\b|^\|.*median/.test(line))).toEqual([]);
	});
});
