/** The compatibility smoke set: one n8n at a time, run by scripts/compat/run.js (npm run test:compat). */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/compat'],
	testMatch: ['**/*.compat.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
	},
	maxWorkers: 1,
	reporters: [
		'default',
		[
			'<rootDir>/scripts/compat/reporter.js',
			{ outputFile: process.env.COMPAT_REPORT ?? '.test-logs/compat.json' },
		],
	],
	// Generous guards: the reply trigger's test waits for n8n's next poll (at most a minute).
	testTimeout: 300000,
};
