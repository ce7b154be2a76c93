const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	// a hang detector, not a bound on speed: a test of a few seconds alone takes ten times that
	// beside busy processes (TEST_CPU_LOAD), and must still pass there
	testTimeout: 120_000,
	// three workers on two cores (jest's default leaves one core idle): several long files wait more
	// than they compute (retry back-offs, Timeouts: the reliability suite, mailingFaults), and with one
	// worker per core the two cores were half idle once the end-to-end suite had ended
	// (a number: jest reads a percentage over 100% as that many workers)
	maxWorkers: Math.floor(availableParallelism() * 1.5),
	testSequencer: '<rootDir>/scripts/test/start-order.js',
};
