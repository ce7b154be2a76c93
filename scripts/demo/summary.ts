import type { CredentialTestResult } from '../../test/e2e/lib/n8n-client';
import type { ImportedExample } from './import-examples';

interface SummaryInput {
	n8n: { baseUrl: string };
	owner: { email: string; password: string };
	emulator: { baseUrl: string; token: string; account: Record<string, unknown> };
	credentialName: string;
	credentialTest: CredentialTestResult;
	imported: ImportedExample[];
	logFile: string;
}

type NamedIds = Array<{ id: number; name: string }>;

function describeAccount(account: Record<string, unknown>): string[] {
	const ids = (key: string) => ((account[key] as NamedIds | undefined) ?? []).map((entry) => `${entry.id} (${entry.name})`).join(', ');
	return [
		`    seeded in the emulator: sender names (alphaname_id) ${ids('alphanames') || '-'}`,
		`      chat names (chatname_id) ${ids('chatnames') || '-'}; templates ${ids('templates') || '-'}`,
	];
}

/** Prints where to go, how to log in and what to try. */
export function printSummary(input: SummaryInput): void {
	const { n8n, owner, emulator } = input;
	const lines = [
		'',
		'================================================================',
		' n8n with the Messaging Service nodes is running',
		'================================================================',
		`  Open:      ${n8n.baseUrl}`,
		`  Log in:    ${owner.email}`,
		`  Password:  ${owner.password}`,
		'',
		`  Credential "${input.credentialName}" -> the emulator at ${emulator.baseUrl}`,
		`    API key ${emulator.token}; credential test: ${input.credentialTest.status}${
			input.credentialTest.status === 'OK' ? '' : ` (${input.credentialTest.message})`
		}`,
		...describeAccount(emulator.account),
		'',
		'  Example workflows:',
		...(input.imported.length
			? input.imported.map((example) =>
					example.id
						? `    ${example.name}: ${n8n.baseUrl}/workflow/${example.id}  (${example.file})`
						: `    ${example.file}: NOT imported: ${example.problem}`,
				)
			: ['    (none yet: the examples/ folder is empty or missing)']),
		'',
		'  What to try:',
		'    1. Open an example workflow and click "Execute workflow"; the emulator answers like the real service.',
		'       The sign-up example then waits for the code: take expectedCode and submitCodeUrl from the output',
		'       of "Keep the code for the check" and send the code back (a wrong one is refused):',
		`         curl -s -X POST '<submitCodeUrl>' -H 'content-type: application/json' -d '{"code":"<expectedCode>"}'`,
		'    2. In a new workflow, add the "Messaging Service" node (search "Messaging"), pick the credential',
		`       "${input.credentialName}", and try e.g. Template > Get Many.`,
		'    3. Watch what n8n sent to the emulator:',
		`         curl -s ${emulator.baseUrl}/__sandbox/requests`,
		'    4. Activate the auto-responder example, send a chat message (Chat Message > Send, chat sender 2001),',
		'       then simulate the customer replying to it; within a minute the auto-responder answers:',
		`         curl -s -X POST ${emulator.baseUrl}/__sandbox/replies -H 'content-type: application/json' \\`,
		`           -d '{"token":"${emulator.token}","message_id":<chat mailing id>,"phone":"<phone>","message":"Hello"}'`,
		`       (all seeded ids: curl -s ${emulator.baseUrl}/__sandbox/accounts/${emulator.token})`,
		'',
		`  n8n's log: ${input.logFile}`,
		'  Everything is local (127.0.0.1) and reset on every start of the demo.',
		'================================================================',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}
