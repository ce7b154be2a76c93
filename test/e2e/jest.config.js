/** End-to-end tests against a real n8n (installed into .n8n-host/ on the first run). */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	// Each test file starts its own n8n (about 700 MB, and a busy CPU while it boots). Most of a
	// file's time is spent waiting for polls, callbacks and answers, so three files run at a time.
	maxWorkers: 3,
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	// Generous guards: a busy 2-core CI machine can take minutes to boot n8n; nothing here measures time.
	testTimeout: 300000,
};
