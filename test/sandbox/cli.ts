import { startSandbox } from './index';
import type { AccountInfo, FaultConfig } from './types';

interface CliOptions {
	port: number;
	tokens: string[];
	latencyMs?: number;
	rateLimit?: number;
	serviceTimeZone?: string;
}

const USAGE =
	'usage: npm run sandbox -- [--port <n>] [--token <key>]... [--latency <ms>] [--rate-limit <requests per second>] [--service-time-zone <IANA zone>]';

function parseArgs(argv: string[]): CliOptions {
	const options: CliOptions = { port: 18080, tokens: [] };
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = argv[i + 1];
		if (flag === '--help' || flag === '-h') {
			console.log(USAGE);
			process.exit(0);
		}
		if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
		i++;
		if (flag === '--port') options.port = wholeNumber(flag, value);
		else if (flag === '--token') options.tokens.push(value);
		else if (flag === '--latency') options.latencyMs = wholeNumber(flag, value);
		else if (flag === '--rate-limit') options.rateLimit = wholeNumber(flag, value);
		else if (flag === '--service-time-zone') options.serviceTimeZone = value;
		else throw new Error(`unknown option ${flag}\n${USAGE}`);
	}
	if (options.tokens.length === 0) options.tokens.push('demo-token');
	return options;
}

function wholeNumber(flag: string, value: string): number {
	if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a whole number, got "${value}"`);
	return Number(value);
}

function describe(info: AccountInfo): string {
	const ids = (entries: Array<{ id: number; name: string }>) =>
		entries.map((e) => `${e.id} (${e.name})`).join(', ');
	return [
		`  key ${info.token}   balance ${info.balance.toFixed(2)} ${info.currency}`,
		`    sender names (alphaname_id): ${ids(info.alphanames)}`,
		`    chat names (chatname_id):    ${ids(info.chatnames)}`,
		`    subscriber lists (list_id):  ${info.lists.map((l) => `${l.id} (${l.name}, ${l.phones.length} numbers)`).join(', ')}`,
		`    templates (template_id):     ${ids(info.templates)}`,
	].join('\n');
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox({
		port: options.port,
		tokens: options.tokens,
		clock: 'real',
		serviceTimeZone: options.serviceTimeZone,
	});
	const faults: FaultConfig = {};
	if (options.latencyMs) faults.latencyMs = options.latencyMs;
	if (options.rateLimit) faults.rateLimit = { perSecond: options.rateLimit };
	sandbox.setFaults(faults);

	const first = sandbox.account(options.tokens[0]);
	console.log(`messaging-service sandbox listening on ${sandbox.url}`);
	console.log(
		`base URL: ${sandbox.url}   (API paths: ${sandbox.url}/api/v1/..., ${sandbox.url}/api/v2/...)`,
	);
	for (const token of options.tokens) console.log(describe(sandbox.account(token)));
	if (options.latencyMs) console.log(`latency: ${options.latencyMs} ms per answer`);
	if (options.rateLimit)
		console.log(`rate limit: ${options.rateLimit} requests per second, then 429`);
	console.log('example:');
	console.log(
		`  curl -s -X POST "${sandbox.url}/api/v1/sendQuickSMS?token=${encodeURIComponent(first.token)}` +
			`&message=hi&phone=375291234567&alphaname_id=${first.alphanameIds[0]}"`,
	);
	console.log(
		`control endpoints: ${sandbox.url}/__sandbox/... (see test/sandbox/README.md). Ctrl-C stops.`,
	);

	const stop = async (signal: string) => {
		console.log(`\n${signal}: closing the sandbox`);
		await sandbox.close();
		process.exit(0);
	};
	process.once('SIGINT', () => void stop('SIGINT'));
	process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
	console.error((error as Error).message);
	process.exit(1);
});
