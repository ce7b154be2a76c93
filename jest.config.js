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
	testTimeout: 30000,
	// one worker per core (jest's default leaves one core idle); the tests wait on HTTP far more
	// than they compute, and none of them asserts on wall-clock time
	maxWorkers: '100%',
	testSequencer: '<rootDir>/scripts/test/start-order.js',
};
