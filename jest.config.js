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
	// one worker per core (jest's default leaves one core idle); the tests wait on HTTP far more
	// than they compute, and none of them asserts on wall-clock time
	maxWorkers: '100%',
	testSequencer: '<rootDir>/scripts/test/start-order.js',
};
