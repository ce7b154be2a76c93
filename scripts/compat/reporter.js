'use strict';
// A jest reporter for the compatibility suite: each test's title and status, as JSON, for the
// table (jest's own --json cannot write an answer that holds an HTTP client's error).
const fs = require('node:fs');

class CompatReporter {
	constructor(_globalConfig, options) {
		this.outputFile = options.outputFile;
	}

	onRunComplete(_contexts, results) {
		const tests = results.testResults.flatMap((file) => [
			...file.testResults.map(({ title, status, failureMessages }) => ({
				title,
				status,
				failure: failureMessages.join('\n').slice(0, 2000),
			})),
			// a file that failed before any test ran (its beforeAll) fails every column
			...(file.testExecError
				? [
						{
							title: 'Loads: the smoke set started',
							status: 'failed',
							failure: String(file.testExecError.message),
						},
					]
				: []),
		]);
		fs.writeFileSync(this.outputFile, `${JSON.stringify(tests, null, '\t')}\n`);
	}
}

module.exports = CompatReporter;
