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

const firstId = (account: Record<string, unknown>, key: string): string =>
	String((account[key] as NamedIds | undefined)?.[0]?.id ?? '');

/** The demo credential's account defaults: the emulator's first sender name, chat sender and subscriber list. */
export function accountDefaults(account: Record<string, unknown>): Record<string, string> {
	return {
		defaultSenderNameId: firstId(account, 'alphanames'),
		defaultChatnameId: firstId(account, 'chatnames'),
		defaultListId: firstId(account, 'lists'),
	};
}

function describeAccount(account: Record<string, unknown>): string[] {
	const ids = (key: string) =>
		((account[key] as NamedIds | undefined) ?? [])
			.map((entry) => `${entry.id} (${entry.name})`)
			.join(', ') || '-';
	const defaults = accountDefaults(account);
	return [
		'    Seeded in the emulator (the IDs the service cannot list; the pickers list the others):',
		`      sender names (Sender Name ID)         ${ids('alphanames')}`,
		`      chat senders (Chat Sender ID)         ${ids('chatnames')}`,
		`      subscriber lists (Subscriber List ID) ${ids('lists')}`,
		`      templates (Template)                  ${ids('templates')}`,
		`    The credential's defaults: sender name ${defaults.defaultSenderNameId}, chat sender ${defaults.defaultChatnameId}, subscriber list ${defaults.defaultListId}`,
		'      (a node whose Sender Name ID, Chat Sender ID or Subscriber List ID is empty uses them)',
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
		'       The sign-up example is two webhooks: publish (activate) it, ask for a code, find the code in the',
		"       emulator's request log (the real service would text it), and send it back with the token:",
		`         curl -s -X POST ${n8n.baseUrl}/webhook/verification-code/start -H 'content-type: application/json' -d '{"phone":"+375 29 123-45-67"}'`,
		`         curl -s ${emulator.baseUrl}/__sandbox/requests`,
		`         curl -s -X POST ${n8n.baseUrl}/webhook/verification-code/verify -H 'content-type: application/json' -d '{"token":"<token>","code":"<code>"}'`,
		'    2. In a new workflow, add the "Messaging Service" node (search "Messaging"), pick the credential',
		`       "${input.credentialName}", and try e.g. Template > Get Many.`,
		'    3. Watch what n8n sent to the emulator:',
		`         curl -s ${emulator.baseUrl}/__sandbox/requests`,
		'    4. Activate the auto-responder example, send a chat message (Chat Message > Send), then simulate',
		'       the customer replying to it; within a minute the auto-responder answers. The mailing ID is the',
		'       message_id in the output of Send (or pick it in Chat Message > Get Mailing):',
		`         curl -s -X POST ${emulator.baseUrl}/__sandbox/replies -H 'content-type: application/json' \\`,
		`           -d '{"token":"${emulator.token}","message_id":<mailing ID>,"phone":"375291234567","message":"Hello"}'`,
		`       (all seeded IDs: curl -s ${emulator.baseUrl}/__sandbox/accounts/${emulator.token})`,
		'    5. Human handoff (AI chatbot with human handoff; set a model credential): activate it, and play',
		'       the customer as in 4, replying to their newest mailing. Write "I want a person": the agent hands',
		'       over. Your next messages go to To Person: play the person by finding the SMS to 375297000001',
		'       in the request log (its last line is the page), answering there or choosing "Hand back to the',
		'       bot"; the customer gets your answer, and the bot the next turn with what was said meanwhile:',
		`         curl -s ${emulator.baseUrl}/__sandbox/requests | grep -o 'http[^"]*webhook-waiting[^"]*'`,
		'',
		`  n8n's log: ${input.logFile}`,
		'  Everything is local (127.0.0.1) and reset on every start of the demo.',
		'================================================================',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}
