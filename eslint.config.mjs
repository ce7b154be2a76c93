import { config } from '@n8n/node-cli/eslint';

const PACKAGE = './nodes/MessagingService';
/** The package's layers from the bottom up, each above base/. */
const LAYERS_ABOVE_BASE = ['transport', 'helpers', 'replies', 'actions', 'trigger', 'chatTrigger', 'callbackTrigger', 'methods'].map(
	(layer) => `${PACKAGE}/${layer}`,
);
/** Everything of the package but the reply kernel (replies/). */
const OUTSIDE_REPLIES = [...LAYERS_ABOVE_BASE.filter((layer) => !layer.endsWith('/replies')), `${PACKAGE}/base`, `${PACKAGE}/*.ts`];

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-host/**', '.n8n-host-*/**', '.n8n-demo/**', '**/*.js', '**/*.mjs'] },
	...config,
	{
		// The shipped code imports one way, layer by layer (docs/ARCHITECTURE.md): base/ at the
		// bottom, then transport/, then helpers/, then the reply kernel (replies/), then what the
		// nodes run (actions/, trigger/, chatTrigger/, callbackTrigger/, methods/). No file imports
		// one above it, and no cycle comes back.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		// import-x follows imports only into files of these extensions (.js alone by default)
		settings: { 'import-x/extensions': ['.ts'] },
		rules: {
			'import-x/no-cycle': ['error', { ignoreExternal: true }],
			'import-x/no-restricted-paths': [
				'error',
				{
					zones: [
						{ target: `${PACKAGE}/base`, from: [...LAYERS_ABOVE_BASE], message: 'base/ imports nothing of the package' },
						{ target: `${PACKAGE}/transport`, from: LAYERS_ABOVE_BASE.slice(1), message: 'transport/ imports only base/' },
						{ target: `${PACKAGE}/helpers`, from: LAYERS_ABOVE_BASE.slice(2), message: 'helpers/ imports only base/ and transport/' },
						{ target: `${PACKAGE}/replies`, from: LAYERS_ABOVE_BASE.slice(3), message: 'replies/ (the reply kernel) imports only base/, transport/ and helpers/' },
						// the two reply triggers share the kernel, never each other's files
						{ target: `${PACKAGE}/trigger`, from: `${PACKAGE}/chatTrigger`, message: 'trigger/ imports replies/, never chatTrigger/' },
						{ target: `${PACKAGE}/chatTrigger`, from: `${PACKAGE}/trigger`, message: 'chatTrigger/ imports replies/, never trigger/' },
						// the reading state is changed by replies/ alone: its saved form is not reachable from outside
						{ target: OUTSIDE_REPLIES, from: `${PACKAGE}/replies/savedState.ts`, message: 'only replies/ reads or writes the reading state: use replies/reading.ts' },
					],
				},
			],
		},
	},
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
