// `npm run bench`: the throughput benchmark of issue 8. Runs the contenders side by side, in one
// run, against the emulator (its own process), the n8n ones inside a real n8n with the package
// installed from its tarball, and prints per scenario wall time, requests, messages delivered,
// doubled and failed, RSS growth of n8n, the ratios and the targets.
//
// Usage: npx ts-node --transpile-only scripts/bench/index.ts [options]
//   --only S1,S2,S3            run some scenarios only (default: all)
//   --s3-per-item measure      S3's per-item comparison: send the 10,000 items one by one (default)
//   --s3-per-item extrapolate  ... or scale S1's per-item time by 10 (saves about a minute)
//   --json <file>              also write the results as JSON (default: .n8n-host/bench/last-run.json)
//   --expression-engine <e>    run n8n with N8N_EXPRESSION_ENGINE=<e> (legacy | vm | quickjs) instead of its default
//   --skip-build               reuse the tarball packed by the last run
//   --cpu-profile <dir>        write a CPU profile of the n8n process into <dir> (open it in Chrome DevTools)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../../nodes/MessagingService/actions/common';
import { DEFAULT_CHUNK_SIZE } from '../../nodes/MessagingService/actions/shared/batch';
import { ensureHostInstalled, host } from '../../test/e2e/lib/host';
import { axiosLoop, CONTENDER_LABELS, contenderWorkflow, helperLoop, NODE_UNDER_TEST, type ContenderId } from './contenders';
import { BenchEmulator, type Faults } from './emulator';
import { BenchN8n } from './n8n';
import { buildAndPack } from './package';
import { scenarioTable, targetsTable, type ContenderResult, type ScenarioResult, type Target } from './report';

const TOKEN = 'bench-token';
const LATENCY_MS = 50;
const RATE_PER_SECOND = 20;
const HTTP_BATCHING = { batchSize: RATE_PER_SECOND, batchInterval: 1000 };
const TARGETS = { s1Ratio: 1.25, s2Ratio: 1.25, s3Requests: 10, s3Speedup: 50, memoryMb: 150 };

interface ScenarioPlan {
	id: 'S1' | 'S2' | 'S3';
	title: string;
	items: number;
	faults: Faults;
	contenders: ContenderId[];
}

const SCENARIOS: ScenarioPlan[] = [
	{
		id: 'S1',
		title: `1,000 items, +${LATENCY_MS} ms latency, no rate limit`,
		items: 1000,
		faults: { latencyMs: LATENCY_MS },
		contenders: ['axiosLoop', 'helperLoop', 'httpDefault', 'nodePerItem', 'nodePerItemMax', 'nodeBatch'],
	},
	{
		id: 'S2',
		title: `300 items, +${LATENCY_MS} ms latency, rate limit ${RATE_PER_SECOND} requests/s (429 + Retry-After: 1)`,
		items: 300,
		faults: { latencyMs: LATENCY_MS, rateLimit: { perSecond: RATE_PER_SECOND, retryAfterSeconds: 1 } },
		contenders: ['axiosLoop', 'helperLoop', 'httpDefault', 'httpBatching', 'nodePerItem', 'nodeBatch'],
	},
	{
		id: 'S3',
		title: `10,000 recipients, +${LATENCY_MS} ms latency, no rate limit`,
		items: 10000,
		faults: { latencyMs: LATENCY_MS },
		contenders: ['nodeBatch', 'nodePerItem'],
	},
];

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
		`load average when the report was written: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`,
	].join('\n');
}

async function main(): Promise<void> {
	const only = (argument('--only') ?? 'S1,S2,S3').split(',').map((id) => id.trim().toUpperCase());
	const s3PerItem = argument('--s3-per-item') ?? 'measure';
	if (!['measure', 'extrapolate'].includes(s3PerItem)) throw new Error('--s3-per-item is "measure" or "extrapolate"');
	const plans = SCENARIOS.filter((plan) => only.includes(plan.id));
	const workFolder = path.join(host.hostDir, 'bench');
	fs.mkdirSync(workFolder, { recursive: true });
	const jsonFile = argument('--json') ?? path.join(workFolder, 'last-run.json');
	const expressionEngine = argument('--expression-engine');
	const cpuProfileDir = argument('--cpu-profile');

	step('checking the n8n host (the first run installs n8n into .n8n-host/, several minutes)');
	ensureHostInstalled();
	let tarball: string;
	if (process.argv.includes('--skip-build')) {
		const packed = fs.readdirSync(workFolder).filter((file) => file.endsWith('.tgz'));
		if (packed.length !== 1) throw new Error(`--skip-build needs exactly one tarball in ${workFolder}; run once without it`);
		tarball = path.join(workFolder, packed[0]);
		step(`reusing ${path.relative(host.repoRoot, tarball)}`);
	} else {
		step('compiling the package into .n8n-host/bench/package and packing it (npm pack)');
		tarball = buildAndPack(host.repoRoot, workFolder);
	}

	const cleanups: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		while (cleanups.length) await cleanups.pop()?.().catch((error: Error) => console.error(error.message));
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

		step(
			`starting n8n ${host.versions.n8n} with the package installed from ${path.basename(tarball)}` +
				`${expressionEngine ? `, N8N_EXPRESSION_ENGINE=${expressionEngine}` : ''} (20 to 90 s)`,
		);
		const logFile = path.join(workFolder, 'n8n.log');
		const n8n = await BenchN8n.start({
			tarball,
			emulatorUrl: emulator.baseUrl,
			token: TOKEN,
			logFile,
			env: {
				...(expressionEngine ? { N8N_EXPRESSION_ENGINE: expressionEngine } : {}),
				...(cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(cpuProfileDir)}` } : {}),
			},
		});
		cleanups.push(() => n8n.stop());
		step(`n8n at ${n8n.n8n.baseUrl} (pid ${n8n.pid}, log ${path.relative(host.repoRoot, logFile)})`);

		const progress = (label: string, items: number) => async () => {
			const counters = await emulator.counters();
			const refused = counters.byStatus['429'] ?? 0;
			step(`    ... ${label}: ${counters.requests} requests (${refused} refused with 429), ${counters.sent.length} of ${items} messages sent`);
		};

		const runContender = async (id: ContenderId, plan: ScenarioPlan, items: number): Promise<ContenderResult> => {
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
					concurrency: id === 'nodePerItemMax' ? MAX_CONCURRENCY : undefined,
				}),
			);
			const run = await n8n.run(workflowId, NODE_UNDER_TEST, Math.max(180_000, items * 60), progress(label, items));
			const delivery = await emulator.delivery(items);
			step(`    done: node ran ${run.nodeSeconds.toFixed(2)} s (execution ${run.executionSeconds.toFixed(1)} s), ${run.status}`);
			const notes: Record<string, string> = {
				httpBatching: `Batching ${HTTP_BATCHING.batchSize} items per ${HTTP_BATCHING.batchInterval} ms`,
				nodePerItem: `Concurrency ${DEFAULT_CONCURRENCY} (default)`,
				nodePerItemMax: `Concurrency ${MAX_CONCURRENCY} (the maximum), for comparison`,
				nodeBatch: `chunk size ${DEFAULT_CHUNK_SIZE} (default), ${run.outputItems} output items`,
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

		step('warming up (20 items through each contender; not measured)');
		const warmup: ScenarioPlan = { id: 'S1', title: 'warm-up', items: 20, faults: {}, contenders: [] };
		for (const id of ['axiosLoop', 'helperLoop', 'httpDefault', 'nodePerItem', 'nodeBatch'] as ContenderId[]) {
			const result = await runContender(id, warmup, 20);
			if (result.status !== 'success' || result.delivery.delivered !== 20) {
				throw new Error(`warm-up of ${CONTENDER_LABELS[id]} failed: ${result.status} ${result.error ?? ''} (${result.delivery.delivered} of 20 sent)`);
			}
		}

		const scenarios: ScenarioResult[] = [];
		for (const plan of plans) {
			step(`${plan.id}: ${plan.title}`);
			const results: ContenderResult[] = [];
			for (const id of plan.contenders) {
				if (plan.id === 'S3' && id === 'nodePerItem' && s3PerItem === 'extrapolate') {
					const s1 = scenarios.find((scenario) => scenario.id === 'S1')?.results.find((result) => result.id === 'nodePerItem');
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
			const scenario: ScenarioResult = { id: plan.id, title: plan.title, items: plan.items, baselineLabel: '', results };
			if (plan.id === 'S1') {
				scenario.baselineLabel = `${CONTENDER_LABELS.axiosLoop}, concurrency ${DEFAULT_CONCURRENCY}`;
				scenario.baselineSeconds = results.find((result) => result.id === 'axiosLoop')?.seconds;
			} else if (plan.id === 'S2') {
				scenario.baselineLabel = `items / rate = ${plan.items} / ${RATE_PER_SECOND} per s`;
				scenario.baselineSeconds = plan.items / RATE_PER_SECOND;
			} else {
				scenario.baselineLabel = `${CONTENDER_LABELS.nodePerItem} at ${plan.items.toLocaleString('en-US')} items`;
				scenario.baselineSeconds = results.find((result) => result.id === 'nodePerItem')?.seconds;
			}
			scenarios.push(scenario);
			process.stdout.write(`\n${scenarioTable(scenario)}\n\n`);
		}

		const targets = evaluate(scenarios);
		const report = [
			'',
			'==== Throughput benchmark (issue 8) ====',
			machine(),
			`command: npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
			'wall time: the node under test as n8n timed it (runData executionTime); for (d) and (e) the loop itself.',
			'RSS +MB: growth of the n8n process while the node ran (highest sample minus the one before it started).',
			'delivered / doubled / failed: distinct messages the emulator really sent / sent more than once / never sent.',
			'',
			...scenarios.map((scenario) => `${scenarioTable(scenario)}\n`),
			'Targets',
			targetsTable(targets).replace(/^/gm, '    '),
			'',
		].join('\n');
		process.stdout.write(report);
		fs.writeFileSync(jsonFile, `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), scenarios, targets }, null, '\t')}\n`);
		step(`results written to ${path.relative(host.repoRoot, jsonFile) || jsonFile}`);
	} finally {
		step('stopping n8n and the emulator');
		await stopAll();
	}
}

function evaluate(scenarios: ScenarioResult[]): Target[] {
	const targets: Target[] = [];
	const find = (id: string, contender: ContenderId) =>
		scenarios.find((scenario) => scenario.id === id)?.results.find((result) => result.id === contender);
	const verdict = (ok: boolean): Target['verdict'] => (ok ? 'PASS' : 'MISS');

	const s1Floor = find('S1', 'axiosLoop');
	const s1Node = find('S1', 'nodePerItem');
	if (s1Floor && s1Node) {
		const ratio = s1Node.seconds / s1Floor.seconds;
		const complete = s1Node.delivery.delivered === s1Node.items && s1Node.delivery.doubled === 0;
		targets.push({
			scenario: 'S1',
			what: `this node per item <= ${TARGETS.s1Ratio}x the plain-client floor`,
			measured: `${ratio.toFixed(2)}x (${s1Node.seconds.toFixed(2)} s vs ${s1Floor.seconds.toFixed(2)} s), ${s1Node.delivery.delivered} sent`,
			verdict: verdict(ratio <= TARGETS.s1Ratio && complete),
		});
	}
	const s1Helper = find('S1', 'helperLoop');
	if (s1Helper && s1Node) {
		targets.push({
			scenario: 'S1',
			what: "this node per item vs n8n's HTTP helper loop",
			measured: `${(s1Node.seconds / s1Helper.seconds).toFixed(2)}x (${s1Node.seconds.toFixed(2)} s vs ${s1Helper.seconds.toFixed(2)} s)`,
			verdict: 'INFO',
		});
	}

	const s2 = scenarios.find((scenario) => scenario.id === 'S2');
	const s2Node = find('S2', 'nodePerItem');
	if (s2 && s2Node) {
		const floor = s2.baselineSeconds ?? 0;
		targets.push({
			scenario: 'S2',
			what: `this node delivers all ${s2.items}, none doubled`,
			measured: `${s2Node.delivery.delivered}/${s2.items} delivered, ${s2Node.delivery.doubled} doubled, ${s2Node.delivery.refused429} refused with 429 on the way`,
			verdict: verdict(s2Node.delivery.delivered === s2.items && s2Node.delivery.doubled === 0 && s2Node.status === 'success'),
		});
		targets.push({
			scenario: 'S2',
			what: `this node <= ${TARGETS.s2Ratio}x items/rate (${(floor * TARGETS.s2Ratio).toFixed(2)} s)`,
			measured: `${s2Node.seconds.toFixed(2)} s = ${(s2Node.seconds / floor).toFixed(2)}x of ${floor.toFixed(0)} s`,
			verdict: verdict(s2Node.seconds <= floor * TARGETS.s2Ratio),
		});
		const httpDefault = find('S2', 'httpDefault');
		if (httpDefault) {
			targets.push({
				scenario: 'S2',
				what: 'HTTP Request node with defaults: messages lost',
				measured: `${httpDefault.delivery.failed} of ${s2.items} not sent (run: ${httpDefault.status}), ${httpDefault.seconds.toFixed(2)} s`,
				verdict: 'INFO',
			});
		}
		const httpBatching = find('S2', 'httpBatching');
		if (httpBatching) {
			targets.push({
				scenario: 'S2',
				what: `HTTP Request node with Batching ${HTTP_BATCHING.batchSize}/${HTTP_BATCHING.batchInterval} ms: time`,
				measured: `${httpBatching.seconds.toFixed(2)} s, ${httpBatching.delivery.failed} lost, ${httpBatching.delivery.refused429} refused (run: ${httpBatching.status})`,
				verdict: 'INFO',
			});
		}
	}

	const s3Batch = find('S3', 'nodeBatch');
	const s3PerItem = find('S3', 'nodePerItem');
	if (s3Batch) {
		targets.push({
			scenario: 'S3',
			what: `Send Batch: <= ${TARGETS.s3Requests} requests for ${s3Batch.items.toLocaleString('en-US')} recipients`,
			measured: `${s3Batch.delivery.requests} requests, ${s3Batch.delivery.delivered} delivered, ${s3Batch.delivery.doubled} doubled`,
			verdict: verdict(s3Batch.delivery.requests <= TARGETS.s3Requests && s3Batch.delivery.delivered === s3Batch.items),
		});
		if (s3PerItem) {
			const speedup = s3PerItem.seconds / s3Batch.seconds;
			targets.push({
				scenario: 'S3',
				what: `Send Batch >= ${TARGETS.s3Speedup}x faster than per item`,
				measured: `${speedup.toFixed(0)}x (${s3Batch.seconds.toFixed(2)} s vs ${s3PerItem.extrapolated ? '~' : ''}${s3PerItem.seconds.toFixed(1)} s${s3PerItem.extrapolated ? ', extrapolated from S1' : ', measured'})`,
				verdict: verdict(speedup >= TARGETS.s3Speedup),
			});
		}
		for (const result of [s3Batch, s3PerItem]) {
			if (result?.rssGrowthBytes === undefined) continue;
			const grownMb = result.rssGrowthBytes / 1024 / 1024;
			targets.push({
				scenario: 'MEM',
				what: `peak RSS growth of n8n < ${TARGETS.memoryMb} MB, ${result.items.toLocaleString('en-US')} items, ${result.id === 'nodeBatch' ? 'Send Batch' : 'per item'}`,
				measured: `${grownMb.toFixed(0)} MB (whole execution: ${((result.executionRssGrowthBytes ?? 0) / 1024 / 1024).toFixed(0)} MB)`,
				verdict: verdict(grownMb < TARGETS.memoryMb),
			});
		}
	}
	return targets;
}

main().catch((error: Error) => {
	console.error(`\n[bench] failed: ${error.stack ?? error.message}`);
	process.exit(1);
});
