// What `npm test` (stages.js) reads out of a stage's output: jest's totals, the reliability
// suite's figures, and, for a failed stage, the part of its output that says why.
'use strict';

const FAILED_OUTPUT_LINES = 200;

/** Jest's "Test Suites:" and "Tests:" lines; for a jest run that was cut short, the files it finished. */
function totalsOf(output) {
	const lines = output.split('\n');
	const totals = lines
		.filter((line) => /^(Test Suites|Tests):/.test(line))
		.map((line) => line.trim().replace(/\s+/g, ' '));
	if (totals.length) return totals.join('; ');
	const passed = (output.match(/^PASS /gm) ?? []).length;
	const failed = (output.match(/^FAIL /gm) ?? []).length;
	return passed + failed
		? `no totals (cut short): ${failed} test files failed, ${passed} passed`
		: '';
}

/** The figures the reliability suite writes, indented under their heading. */
function figuresOf(output) {
	const lines = output.split('\n');
	const figures = [];
	const start = lines.findIndex((line) => line.startsWith('Reliability and security, proven'));
	if (start >= 0) {
		figures.push(lines[start]);
		for (let i = start + 1; i < lines.length && lines[i].startsWith('  '); i++)
			figures.push(lines[i]);
	}
	return figures;
}

/**
 * Why a stage failed: jest's summary of the failing tests when it wrote one (the PASS lines of a
 * hundred files before it say nothing), else the end of the output.
 */
function failureOf(output) {
	const summary = output.indexOf('Summary of all failing tests');
	const text = summary >= 0 ? output.slice(summary) : output;
	const lines = text.trimEnd().split('\n');
	if (lines.length <= FAILED_OUTPUT_LINES) return lines.join('\n');
	return [
		`(the last ${FAILED_OUTPUT_LINES} of ${lines.length} lines)`,
		...lines.slice(-FAILED_OUTPUT_LINES),
	].join('\n');
}

module.exports = { totalsOf, figuresOf, failureOf };
