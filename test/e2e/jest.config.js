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
	// Most files share one n8n, started by the global setup (lib/shared-n8n.ts), and are light: a
	// worker, an emulator and REST calls, mostly waiting for polls, callbacks and answers. Three of
	// the five workers hold the files that wait for n8n's polls for minutes (queue-mode,
	// auto-responder, ai-chatbot), all from the start; the other two run everything else meanwhile.
	// scripts/test/start-order.js orders the files, also to keep the n8n processes' memory at about 3 GB.
	maxWorkers: 5,
	testSequencer: '<rootDir>/scripts/test/start-order.js',
	// Generous guards: a busy 2-core CI machine can take minutes to boot n8n; nothing here measures time.
	testTimeout: 300000,
};
