// `npm run bench`: the throughput benchmark of issues 8 and 18. Runs the contenders side by side, in one
// run, against the emulator (its own process), the n8n ones inside a real n8n with the package
// installed from its tarball, and prints per scenario wall time, requests, messages delivered,
// doubled and failed, RSS growth of n8n, the ratios and the targets.
//
// Usage: npx ts-node --transpile-only scripts/bench/index.ts [options]
//   --only S1,S2,S4            run some scenarios only (default: all, S1 to S5; S5 needs Redis and
//                              PostgreSQL: scripts/queue-mode/install.sh installs them). CHAT (issue 27,
//                              chat.ts: latency of the chat and polling triggers) runs only when named
//   --chat-k 1,10,100          CHAT: the numbers of active conversations (default 1,10,100)
//   --chat-minutes 3           CHAT: minutes the customers write, per trigger and K (default 3)
//   --chat-triggers chat,noop  CHAT: which workflows to play (chat, chatOutside, polling, noop; default all)
//   --chat-handed-over 20      CHAT: also play the Chat Trigger with 20 conversations a person has (issue 40)
//   --baseline <commit>        CHAT: play the same script first against the package at <commit> (its
//                              rows marked "before"), then against the tree: before and after in one run
//   --s3-per-item measure      S3's per-item comparison: send the 10,000 items one by one (default)
//   --s3-per-item extrapolate  ... or scale S1's per-item time by 10 (saves about a minute)
//   --json <file>              also write the results as JSON (default: .n8n-host/bench/last-run.json)
//   --expression-engine <e>    run n8n with N8N_EXPRESSION_ENGINE=<e> (legacy | vm | quickjs) instead of its default
//   --skip-build               reuse the tarball packed by the last run
//   --cpu-profile <dir>        write a CPU profile of the n8n process into <dir> (open it in Chrome DevTools)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_CONCURRENCY } from '../../nodes/MessagingService/actions/common';
import { START_CONCURRENCY } from '../../nodes/MessagingService/transport/concurrency';
import { DEFAULT_CHUNK_SIZE } from '../../nodes/MessagingService/actions/shared/batch';
import { ensureHostInstalled, host } from '../../test/e2e/lib/host';
import {
	axiosLoop,
	CONTENDER_LABELS,
	contenderWorkflow,
	PLAIN_NODE_FOLDER,
	helperLoop,
	NODE_UNDER_TEST,
	SUPPRESSED_PHONES,
	type ContenderId,
} from './contenders';
import { CHAT_NOTES, chatTable, runChatBench, type ChatRow } from './chat';
import { BenchEmulator } from './emulator';
import { BenchN8n } from './n8n';
import { packBaseline } from './baseline';
import { buildAndPack } from './package';
import { runQueueModeScenario } from './queue';
import { scenarioTable, targetsTable, type ContenderResult, type ScenarioResult } from './report';
import { HTTP_BATCHING, SCENARIOS, type ScenarioPlan } from './scenarios';
import { evaluate } from './targets';

const TOKEN = 'bench-token';

function argument(name: string): string | undefined {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : undefined;
}

const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
function step(message: string): void {
	process.stdout.write(`[bench ${elapsed()}] ${message}\n`);
}

function machine(): string {
	const cpus = os.cpus();
	const engine = argument('--expression-engine');
	return [
		`${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}`,
		`bench and emulator on Node.js ${process.version}; n8n ${host.versions.n8n} on Node.js ${host.versions.node}, ` +
			`expression engine: ${engine ? `${engine} (N8N_EXPRESSION_ENGINE)` : "n8n's default"}`,
		`load average when the report was written: ${os
			.loadavg()
			.map((load) => load.toFixed(2))
			.join(' ')}`,
	].join('\n');
}

async function main(): Promise<void> {
	const only = (argument('--only') ?? 'S1,S2,S3,S4,S5')
		.split(',')
		.map((id) => id.trim().toUpperCase());
	const s3PerItem = argument('--s3-per-item') ?? 'measure';
	if (!['measure', 'extrapolate'].includes(s3PerItem))
		throw new Error('--s3-per-item is "measure" or "extrapolate"');
	const plans = SCENARIOS.filter((plan) => only.includes(plan.id));
	const chatKs = only.includes('CHAT')
		? (argument('--chat-k') ?? '1,10,100').split(',').map(Number)
		: [];
	const chatMinutes = Number(argument('--chat-minutes') ?? 3);
	const chatTriggers = argument('--chat-triggers')
		?.split(',')
		.map((id) => id.trim());
	const chatHandedOver = Number(argument('--chat-handed-over') ?? 0);
	const chatDrain = argument('--chat-drain');
	if (chatDrain !== undefined && !(Number(chatDrain) >= 0))
		throw new Error('--chat-drain takes the seconds each trigger keeps running after the script');
	if (!Number.isInteger(chatHandedOver) || chatHandedOver < 0)
		throw new Error('--chat-handed-over takes a whole number');
	if (chatKs.some((k) => !Number.isInteger(k) || k < 1) || !(chatMinutes > 0))
		throw new Error('--chat-k takes whole numbers, --chat-minutes a positive number');
	const workFolder = path.join(host.hostDir, 'bench');
	fs.mkdirSync(workFolder, { recursive: true });
	const jsonFile = argument('--json') ?? path.join(workFolder, 'last-run.json');
	const expressionEngine = argument('--expression-engine');
	const cpuProfileDir = argument('--cpu-profile');
	const baseline = argument('--baseline');
	if (baseline && chatKs.length === 0)
		throw new Error('--baseline compares the CHAT bench: name CHAT in --only');

	step('checking the n8n host (the first run installs n8n into .n8n-host/, several minutes)');
	ensureHostInstalled();
	let tarball: string;
	if (process.argv.includes('--skip-build')) {
		const packed = fs.readdirSync(workFolder).filter((file) => file.endsWith('.tgz'));
		if (packed.length !== 1)
			throw new Error(
				`--skip-build needs exactly one tarball in ${workFolder}; run once without it`,
			);
		tarball = path.join(workFolder, packed[0]);
		step(`reusing ${path.relative(host.repoRoot, tarball)}`);
	} else {
		step('compiling the package into .n8n-host/bench/package and packing it (npm pack)');
		tarball = buildAndPack(host.repoRoot, workFolder);
	}

	const cleanups: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		while (cleanups.length)
			await cleanups
				.pop()?.()
				.catch((error: Error) => console.error(error.message));
	};
	process.once('SIGINT', () => {
		step('interrupted: stopping n8n and the emulator');
		void stopAll().then(() => process.exit(130));
	});

	try {
		step('starting the emulator (npm run sandbox, its own process)');
		const emulator = await BenchEmulator.start(host.repoRoot, TOKEN);
		cleanups.push(() => emulator.stop());
		step(`emulator at ${emulator.baseUrl}`);

		// S5 brings its own n8n (queue mode: main and two workers); the others share one n8n.
		let n8n: BenchN8n | undefined;
		if (plans.some((plan) => plan.id !== 'S5') || chatKs.length > 0) {
			step(
				`starting n8n ${host.versions.n8n} with the package installed from ${path.basename(tarball)}` +
					`${expressionEngine ? `, N8N_EXPRESSION_ENGINE=${expressionEngine}` : ''} (20 to 90 s)`,
			);
			const logFile = path.join(workFolder, 'n8n.log');
			const started = await BenchN8n.start({
				tarball,
				emulatorUrl: emulator.baseUrl,
				token: TOKEN,
				logFile,
				customExtensions: [PLAIN_NODE_FOLDER],
				env: {
					...(expressionEngine ? { N8N_EXPRESSION_ENGINE: expressionEngine } : {}),
					...(cpuProfileDir
						? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(cpuProfileDir)}` }
						: {}),
				},
			});
			n8n = started;
			cleanups.push(() => started.stop());
			step(
				`n8n at ${started.n8n.baseUrl} (pid ${started.pid}, log ${path.relative(host.repoRoot, logFile)})`,
			);
		}

		const progress = (label: string, items: number) => async () => {
			const counters = await emulator.counters();
			const refused = counters.byStatus['429'] ?? 0;
			step(
				`    ... ${label}: ${counters.requests} requests (${refused} refused with 429), ${counters.sent.length} of ${items} messages sent`,
			);
		};

		const runContender = async (
			id: ContenderId,
			plan: ScenarioPlan,
			items: number,
		): Promise<ContenderResult> => {
			const text = `Bench ${plan.id} ${id}`;
			await emulator.prepare(plan.faults);
			const label = `${plan.id} ${CONTENDER_LABELS[id]}`;
			step(`${label}: ${items.toLocaleString('en-US')} items`);
			if (id === 'axiosLoop' || id === 'helperLoop') {
				const loop = await { axiosLoop, helperLoop }[id]({
					emulatorUrl: emulator.baseUrl,
					token: TOKEN,
					alphanameId: emulator.alphanameId,
					items,
					text,
					concurrency: DEFAULT_CONCURRENCY,
					onTick: progress(label, items),
				});
				const delivery = await emulator.delivery(items);
				step(`    done in ${loop.seconds.toFixed(2)} s`);
				return {
					id,
					items,
					seconds: loop.seconds,
					delivery,
					status: 'success',
					note:
						id === 'axiosLoop'
							? `concurrency ${DEFAULT_CONCURRENCY}, keeps retrying a 429 after Retry-After`
							: "as (d), each request through n8n's httpRequest (@n8n/backend-network): a new agent, so a new connection, per request",
				};
			}
			if (!n8n) throw new Error(`${label} needs the n8n of S1 to S4`);
			const workflowId = await n8n.createWorkflow(
				contenderWorkflow(id, {
					name: `Bench ${plan.id} ${id}`,
					items,
					text,
					emulatorUrl: emulator.baseUrl,
					token: TOKEN,
					alphanameId: emulator.alphanameId,
					credential: n8n.credential,
					batching: id === 'httpBatching' ? HTTP_BATCHING : undefined,
					callbackUrl: emulator.callbackUrl,
				}),
			);
			const run = await n8n.run(
				workflowId,
				NODE_UNDER_TEST,
				Math.max(180_000, items * 60),
				progress(label, items),
			);
			const delivery = await emulator.delivery(items);
			step(
				`    done: node ran ${run.nodeSeconds.toFixed(2)} s (execution ${run.executionSeconds.toFixed(1)} s), ${run.status}`,
			);
			const notes: Record<string, string> = {
				httpBatching: `Batching ${HTTP_BATCHING.batchSize} items per ${HTTP_BATCHING.batchInterval} ms`,
				nodePerItem: `defaults: Concurrency ${DEFAULT_CONCURRENCY}, the most at once (adaptive: starts at ${START_CONCURRENCY})`,
				nodePerItemGuarded: `as (b), with Do Not Send To = the ${SUPPRESSED_PHONES.toLocaleString('en-US')} items of an earlier node (read once per run) and Quiet Hours allowing now`,
				nodeBatch: `chunk size ${DEFAULT_CHUNK_SIZE} (default), ${run.outputItems} output items`,
				plainNode: `(e) as a node in n8n (scripts/bench/plain-node): per item its parameters, then one request through n8n's authenticated HTTP helper; ${DEFAULT_CONCURRENCY} at once, no checks`,
			};
			return {
				id,
				items,
				seconds: run.nodeSeconds,
				delivery,
				rssGrowthBytes: run.rssGrowthBytes,
				executionRssGrowthBytes: run.executionRssGrowthBytes,
				status: run.status,
				error: run.error,
				note: notes[id],
			};
		};

		// before S5, which stops this n8n
		let chatRows: ChatRow[] | undefined;
		if (n8n && chatKs.length > 0) {
			const chatOptions = {
				emulator,
				ks: chatKs,
				minutes: chatMinutes,
				triggers: chatTriggers,
				handedOver: chatHandedOver,
				drainSeconds: chatDrain === undefined ? undefined : Number(chatDrain),
				step,
			};
			const before: ChatRow[] = [];
			if (baseline) {
				step(`CHAT before: packing the package at ${baseline}, starting an n8n of its own`);
				const old = await BenchN8n.start({
					tarball: packBaseline(host.repoRoot, workFolder, baseline),
					emulatorUrl: emulator.baseUrl,
					token: TOKEN,
					logFile: path.join(workFolder, 'n8n-baseline.log'),
				});
				try {
					before.push(
						...(await runChatBench({ ...chatOptions, n8n: old })).map((row) => ({
							...row,
							trigger: `${row.trigger} (before: ${baseline})`,
						})),
					);
				} finally {
					await old.stop();
				}
			}
			chatRows = [...before, ...(await runChatBench({ ...chatOptions, n8n }))];
			process.stdout.write(`\n${chatTable(chatRows)}\n\n`);
		}

		if (n8n && plans.some((plan) => plan.id !== 'S5')) {
			step('warming up (20 items through each contender; not measured)');
			const warmup: ScenarioPlan = {
				id: 'S1',
				title: 'warm-up',
				items: 20,
				faults: {},
				contenders: [],
			};
			for (const id of SCENARIOS.find((plan) => plan.id === 'S1')?.contenders ?? []) {
				const result = await runContender(id, warmup, 20);
				if (result.status !== 'success' || result.delivery.delivered !== 20) {
					throw new Error(
						`warm-up of ${CONTENDER_LABELS[id]} failed: ${result.status} ${result.error ?? ''} (${result.delivery.delivered} of 20 sent)`,
					);
				}
			}
		}

		const scenarios: ScenarioResult[] = [];
		for (const plan of plans) {
			step(`${plan.id}: ${plan.title}`);
			const results: ContenderResult[] = [];
			if (plan.id === 'S5') {
				if (n8n) {
					step('stopping the n8n of S1 to S4 (S5 starts n8n in queue mode)');
					await n8n.stop();
					n8n = undefined;
				}
				results.push(
					await runQueueModeScenario({ plan, emulator, tarball, token: TOKEN, workFolder, step }),
				);
			}
			for (const id of plan.id === 'S5' ? [] : plan.contenders) {
				if (plan.id === 'S3' && id === 'nodePerItem' && s3PerItem === 'extrapolate') {
					const s1 = scenarios
						.find((scenario) => scenario.id === 'S1')
						?.results.find((result) => result.id === 'nodePerItem');
					if (!s1) throw new Error('--s3-per-item extrapolate needs S1 in the same run');
					const factor = plan.items / s1.items;
					results.push({
						...s1,
						items: plan.items,
						seconds: s1.seconds * factor,
						extrapolated: true,
						rssGrowthBytes: undefined,
						note: `extrapolated: S1 per-item time x ${factor}`,
					});
					continue;
				}
				results.push(await runContender(id, plan, plan.items));
			}
			const scenario: ScenarioResult = {
				id: plan.id,
				title: plan.title,
				items: plan.items,
				baselineLabel: plan.baseline?.label ?? '',
				baselineSeconds: plan.baseline?.seconds,
				results,
			};
			if (plan.id === 'S3') {
				scenario.baselineLabel = `${CONTENDER_LABELS.nodePerItem} at ${plan.items.toLocaleString('en-US')} items`;
				scenario.baselineSeconds = results.find((result) => result.id === 'nodePerItem')?.seconds;
			}
			scenarios.push(scenario);
			process.stdout.write(`\n${scenarioTable(scenario)}\n\n`);
		}

		const targets = evaluate(scenarios);
		const throughput = [
			'wall time: the node under test as n8n timed it (runData executionTime); for (d) and (e) the loop itself.',
			'RSS +MB: growth of the n8n process while the node ran (highest sample minus the one before it started).',
			'delivered / doubled / failed: distinct messages the emulator really sent / sent more than once / never sent.',
			'',
			...scenarios.map((scenario) => `${scenarioTable(scenario)}\n`),
			'Targets',
			targetsTable(targets).replace(/^/gm, '    '),
		];
		const report = [
			'',
			`==== ${scenarios.length > 0 ? 'Throughput benchmark (issues 8 and 18)' : 'Benchmark'} ====`,
			machine(),
			`command: npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
			...(scenarios.length > 0 ? throughput : []),
			...(chatRows ? ['', ...CHAT_NOTES, chatTable(chatRows).replace(/^/gm, '    ')] : []),
			'',
		].join('\n');
		process.stdout.write(report);
		const results = {
			at: new Date().toISOString(),
			machine: machine(),
			scenarios,
			targets,
			...(chatRows ? { chat: chatRows } : {}),
		};
		fs.writeFileSync(jsonFile, `${JSON.stringify(results, null, '\t')}\n`);
		step(`results written to ${path.relative(host.repoRoot, jsonFile) || jsonFile}`);
	} finally {
		step('stopping n8n and the emulator');
		await stopAll();
	}
}

main().catch((error: Error) => {
	console.error(`\n[bench] failed: ${error.stack ?? error.message}`);
	process.exit(1);
});
