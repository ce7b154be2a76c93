import { config } from '@n8n/node-cli/eslint';

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-host/**', '.n8n-demo/**', '**/*.js', '**/*.mjs'] },
	...config,
	{
		// Tooling around the package (emulator, harnesses, scripts) is not shipped: it may use
		// the process, timers and the console, and the devDependencies it needs.
		files: ['test/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'no-console': 'off',
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-http-request-with-manual-auth': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'@n8n/community-nodes/missing-paired-item': 'off',
			'@n8n/community-nodes/no-hardcoded-secrets': 'off',
			'@n8n/community-nodes/require-node-api-error': 'off',
			'@typescript-eslint/no-explicit-any': 'off',
			'import-x/no-named-as-default-member': 'off',
		},
	},
];
