import { config } from '@n8n/node-cli/eslint';

const PACKAGE = './nodes/MessagingService';
/**
 * The package's folders from the bottom up (docs/ARCHITECTURE.md); a folder imports only from the
 * floors below its own, never from its own floor's other folders (trigger/ and the others of the
 * top floor aside: only trigger/ and chatTrigger/ are kept apart there).
 */
const FLOORS = [
	['base'],
	['transport', 'smsText', 'phoneNumbers'],
	['helpers'],
	['replies', 'handoff'],
	['guards', 'replyWait'],
	['actions', 'trigger', 'chatTrigger', 'callbackTrigger', 'delivery', 'sends', 'methods', 'hints'],
].map((floor) => floor.map((folder) => `${PACKAGE}/${folder}`));
const TOP = FLOORS.length - 1;
/** Everything of the package but the reply kernel (replies/). */
const OUTSIDE_REPLIES = [
	...FLOORS.flat().filter((folder) => !folder.endsWith('/replies')),
	`${PACKAGE}/*.ts`,
];

/** A collection that module code could change (the selectors of no-restricted-syntax below). */
const MUTABLE = '[callee.name=/^(Weak)?(Map|Set)$/]';
const READONLY = '[id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Map|Set)$/]';

const nameOf = (folder) => folder.slice(PACKAGE.length + 1);
/** Per folder below the top floor: the folders on its floor and above it may not be imported. */
const LAYER_ZONES = FLOORS.slice(0, TOP).flatMap((floor, level) =>
	floor.map((target) => {
		const below = FLOORS.slice(0, level)
			.flat()
			.map((folder) => `${nameOf(folder)}/`);
		return {
			target,
			from: [...floor.filter((folder) => folder !== target), ...FLOORS.slice(level + 1).flat()],
			message: `${nameOf(target)}/ imports ${below.length === 0 ? 'nothing of the package' : `only ${below.join(', ')}`}`,
		};
	}),
);

export default [
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.n8n-host/**',
			'.n8n-host-*/**',
			'.n8n-demo/**',
			'**/*.js',
			'**/*.mjs',
		],
	},
	...config,
	{
		// The shipped code imports one way, floor by floor (FLOORS above, docs/ARCHITECTURE.md): base/
		// at the bottom, then transport/, smsText/ and phoneNumbers/, helpers/, the reply kernel
		// (replies/) and handoff/, the sending guards (guards/), then what the nodes run (actions/,
		// trigger/, chatTrigger/, callbackTrigger/, methods/, hints/). No file imports one above it, and
		// no cycle comes back.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		// import-x follows imports only into files of these extensions (.js alone by default)
		settings: { 'import-x/extensions': ['.ts'] },
		rules: {
			'import-x/no-cycle': ['error', { ignoreExternal: true }],
			'import-x/no-restricted-paths': [
				'error',
				{
					zones: [
						...LAYER_ZONES,
						// the two reply triggers share the kernel, never each other's files
						{
							target: `${PACKAGE}/trigger`,
							from: `${PACKAGE}/chatTrigger`,
							message: 'trigger/ imports replies/, never chatTrigger/',
						},
						{
							target: `${PACKAGE}/chatTrigger`,
							from: `${PACKAGE}/trigger`,
							message: 'chatTrigger/ imports replies/, never trigger/',
						},
						// the reading state is changed by replies/ alone: its saved form is not reachable from outside
						{
							target: OUTSIDE_REPLIES,
							from: `${PACKAGE}/replies/savedState.ts`,
							message: 'only replies/ reads or writes the reading state: use replies/reading.ts',
						},
					],
				},
			],
		},
	},
	{
		// Module-level state is shared by every workflow and execution of the n8n process (DESIGN.md
		// 4c): each mechanism keeps its own in one file named processMemory.ts, where it can be seen.
		// A lookup table filled once is declared ReadonlyMap / ReadonlySet (or built by a function).
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		ignores: ['**/processMemory.ts'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: ':matches(Program, ExportNamedDeclaration) > VariableDeclaration[kind="let"]',
					message: "module-level state lives in the mechanism's processMemory.ts",
				},
				{
					selector: `:matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator:not(${READONLY}) > NewExpression.init${MUTABLE}`,
					message: "module-level state lives in the mechanism's processMemory.ts",
				},
				{
					selector: `:matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > ObjectExpression.init > Property > NewExpression.value${MUTABLE}`,
					message: "module-level state lives in the mechanism's processMemory.ts",
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
