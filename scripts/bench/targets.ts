// The targets of issues 8 and 18, checked against the measured scenarios.
import type { ContenderId } from './contenders';
import type { ScenarioResult, Target } from './report';
import { HTTP_BATCHING } from './scenarios';

export const TARGETS = {
	/** S1: this node at defaults <= this many times N x latency / max concurrency (and <= the HTTP Request node) */
	s1Floor: 1.15,
	s2Ratio: 1.1,
	s3Requests: 10,
	s3Speedup: 50,
	/** S4: <= this many times 200 at full speed + 800 / 20 per s */
	s4Ratio: 1.2,
	/** S5: <= this many times 900 / 20 per s */
	s5Ratio: 1.25,
	memoryMb: 150,
	/** S1: per item with a 10,000-phone Do Not Send To and Quiet Hours <= this many times per item without (issue 41) */
	guardsRatio: 1.1,
};

const verdict = (ok: boolean): Target['verdict'] => (ok ? 'PASS' : 'MISS');

function s1Targets(
	scenario: ScenarioResult,
	find: (contender: ContenderId) => ScenarioResult['results'][number] | undefined,
): Target[] {
	const targets: Target[] = [];
	const node = find('nodePerItem');
	if (!node) return targets;
	const complete = node.delivery.delivered === node.items && node.delivery.doubled === 0;
	const floor = scenario.baselineSeconds ?? 0;
	targets.push({
		scenario: 'S1',
		what: `this node per item, defaults, <= ${TARGETS.s1Floor}x N x latency / max concurrency (${(floor * TARGETS.s1Floor).toFixed(2)} s)`,
		measured: `${(node.seconds / floor).toFixed(2)}x (${node.seconds.toFixed(2)} s), ${node.delivery.delivered} sent, ${node.delivery.doubled} doubled`,
		verdict: verdict(node.seconds <= floor * TARGETS.s1Floor && complete),
	});
	const http = find('httpDefault');
	if (http) {
		targets.push({
			scenario: 'S1',
			what: 'this node per item, defaults, <= the HTTP Request node with defaults',
			measured: `${node.seconds.toFixed(2)} s vs ${http.seconds.toFixed(2)} s (${(node.seconds / http.seconds).toFixed(2)}x)`,
			verdict: verdict(node.seconds <= http.seconds && complete),
		});
	}
	const comparison = (what: string, a?: { seconds: number }, b?: { seconds: number }) => {
		if (!a || !b) return;
		const measured = `${(a.seconds / b.seconds).toFixed(2)}x (${a.seconds.toFixed(2)} s vs ${b.seconds.toFixed(2)} s)`;
		targets.push({ scenario: 'S1', what, measured, verdict: 'INFO' });
	};
	const guarded = find('nodePerItemGuarded');
	if (guarded) {
		targets.push({
			scenario: 'S1',
			what: `per item with Do Not Send To (10,000 phones) and Quiet Hours <= ${TARGETS.guardsRatio}x per item without`,
			measured: `${(guarded.seconds / node.seconds).toFixed(2)}x (${guarded.seconds.toFixed(2)} s vs ${node.seconds.toFixed(2)} s), ${guarded.delivery.delivered} sent`,
			verdict: verdict(
				guarded.seconds <= node.seconds * TARGETS.guardsRatio &&
					guarded.delivery.delivered === guarded.items,
			),
		});
	}
	comparison(
		'this node per item vs the plain axios loop at the same concurrency',
		node,
		find('axiosLoop'),
	);
	comparison(
		"this node per item vs n8n's HTTP helper loop at the same concurrency",
		node,
		find('helperLoop'),
	);
	comparison(
		'this node per item vs a plain node per item (what its checks and pacing cost or save)',
		node,
		find('plainNode'),
	);
	comparison(
		"a plain node per item vs n8n's HTTP helper loop (what n8n adds: expressions, a credential read per request, the execution)",
		find('plainNode'),
		find('helperLoop'),
	);
	return targets;
}

function s2Targets(
	scenario: ScenarioResult,
	find: (contender: ContenderId) => ScenarioResult['results'][number] | undefined,
): Target[] {
	const targets: Target[] = [];
	const node = find('nodePerItem');
	if (!node) return targets;
	const floor = scenario.baselineSeconds ?? 0;
	targets.push({
		scenario: 'S2',
		what: `this node delivers all ${scenario.items}, none doubled`,
		measured: `${node.delivery.delivered}/${scenario.items} delivered, ${node.delivery.doubled} doubled, ${node.delivery.refused429} refused with 429 on the way`,
		verdict: verdict(
			node.delivery.delivered === scenario.items &&
				node.delivery.doubled === 0 &&
				node.status === 'success',
		),
	});
	targets.push({
		scenario: 'S2',
		what: `this node <= ${TARGETS.s2Ratio}x items/rate (${(floor * TARGETS.s2Ratio).toFixed(2)} s)`,
		measured: `${node.seconds.toFixed(2)} s = ${(node.seconds / floor).toFixed(2)}x of ${floor.toFixed(0)} s`,
		verdict: verdict(node.seconds <= floor * TARGETS.s2Ratio),
	});
	const httpDefault = find('httpDefault');
	if (httpDefault) {
		targets.push({
			scenario: 'S2',
			what: 'HTTP Request node with defaults: messages lost',
			measured: `${httpDefault.delivery.failed} of ${scenario.items} not sent (run: ${httpDefault.status}), ${httpDefault.seconds.toFixed(2)} s`,
			verdict: 'INFO',
		});
	}
	const httpBatching = find('httpBatching');
	if (httpBatching) {
		targets.push({
			scenario: 'S2',
			what: `HTTP Request node with Batching ${HTTP_BATCHING.batchSize}/${HTTP_BATCHING.batchInterval} ms: time`,
			measured: `${httpBatching.seconds.toFixed(2)} s, ${httpBatching.delivery.failed} lost, ${httpBatching.delivery.refused429} refused (run: ${httpBatching.status})`,
			verdict: 'INFO',
		});
	}
	return targets;
}

function s3Targets(
	find: (contender: ContenderId) => ScenarioResult['results'][number] | undefined,
): Target[] {
	const targets: Target[] = [];
	const batch = find('nodeBatch');
	const perItem = find('nodePerItem');
	if (!batch) return targets;
	targets.push({
		scenario: 'S3',
		what: `Send Batch: <= ${TARGETS.s3Requests} requests for ${batch.items.toLocaleString('en-US')} recipients`,
		measured: `${batch.delivery.requests} requests, ${batch.delivery.delivered} delivered, ${batch.delivery.doubled} doubled`,
		verdict: verdict(
			batch.delivery.requests <= TARGETS.s3Requests && batch.delivery.delivered === batch.items,
		),
	});
	if (perItem) {
		const speedup = perItem.seconds / batch.seconds;
		targets.push({
			scenario: 'S3',
			what: `Send Batch >= ${TARGETS.s3Speedup}x faster than per item`,
			measured: `${speedup.toFixed(0)}x (${batch.seconds.toFixed(2)} s vs ${perItem.extrapolated ? '~' : ''}${perItem.seconds.toFixed(1)} s${perItem.extrapolated ? ', extrapolated from S1' : ', measured'})`,
			verdict: verdict(speedup >= TARGETS.s3Speedup),
		});
	}
	for (const result of [batch, perItem]) {
		if (result?.rssGrowthBytes === undefined) continue;
		const grownMb = result.rssGrowthBytes / 1024 / 1024;
		targets.push({
			scenario: 'MEM',
			what: `peak RSS growth of n8n < ${TARGETS.memoryMb} MB, ${result.items.toLocaleString('en-US')} items, ${result.id === 'nodeBatch' ? 'Send Batch' : 'per item'}`,
			measured: `${grownMb.toFixed(0)} MB (whole execution: ${((result.executionRssGrowthBytes ?? 0) / 1024 / 1024).toFixed(0)} MB)`,
			verdict: verdict(grownMb < TARGETS.memoryMb),
		});
	}
	return targets;
}

/** S4 and S5: everything delivered once, within the ratio of the scenario's floor. */
function limitTargets(
	scenario: ScenarioResult,
	ratio: number,
	find: (contender: ContenderId) => ScenarioResult['results'][number] | undefined,
): Target[] {
	const node = find('nodePerItem');
	if (!node) return [];
	const floor = scenario.baselineSeconds ?? 0;
	const complete =
		node.delivery.delivered === scenario.items &&
		node.delivery.doubled === 0 &&
		node.status === 'success';
	const targets: Target[] = [
		{
			scenario: scenario.id,
			what: `this node: ${scenario.items} delivered, 0 lost, 0 doubled`,
			measured: `${node.delivery.delivered}/${scenario.items} delivered, ${node.delivery.failed} lost, ${node.delivery.doubled} doubled, ${node.delivery.refused429} refused with 429 on the way`,
			verdict: verdict(complete),
		},
		{
			scenario: scenario.id,
			what: `this node <= ${ratio}x the floor (${(floor * ratio).toFixed(2)} s)`,
			measured: `${node.seconds.toFixed(2)} s = ${(node.seconds / floor).toFixed(2)}x of ${floor.toFixed(2)} s`,
			verdict: verdict(node.seconds <= floor * ratio),
		},
	];
	const httpDefault = find('httpDefault');
	if (httpDefault) {
		targets.push({
			scenario: scenario.id,
			what: 'HTTP Request node with defaults: messages lost',
			measured: `${httpDefault.delivery.failed} of ${scenario.items} not sent (run: ${httpDefault.status}), ${httpDefault.seconds.toFixed(2)} s`,
			verdict: 'INFO',
		});
	}
	return targets;
}

export function evaluate(scenarios: ScenarioResult[]): Target[] {
	const targets: Target[] = [];
	for (const scenario of scenarios) {
		const find = (contender: ContenderId) =>
			scenario.results.find((result) => result.id === contender);
		if (scenario.id === 'S1') targets.push(...s1Targets(scenario, find));
		if (scenario.id === 'S2') targets.push(...s2Targets(scenario, find));
		if (scenario.id === 'S3') targets.push(...s3Targets(find));
		if (scenario.id === 'S4') targets.push(...limitTargets(scenario, TARGETS.s4Ratio, find));
		if (scenario.id === 'S5') targets.push(...limitTargets(scenario, TARGETS.s5Ratio, find));
	}
	return targets;
}
