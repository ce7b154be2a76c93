// Tables and targets of the benchmark, as plain text.
import { CONTENDER_LABELS, type ContenderId } from './contenders';
import type { Delivery } from './emulator';
import type { ScenarioId } from './scenarios';

export interface ContenderResult {
	id: ContenderId;
	items: number;
	/** wall time: the node's own run in n8n, or the loop */
	seconds: number;
	/** true when the time was not measured but scaled from another scenario */
	extrapolated?: boolean;
	delivery: Delivery;
	rssGrowthBytes?: number;
	executionRssGrowthBytes?: number;
	status: string;
	error?: string;
	note?: string;
}

export interface ScenarioResult {
	id: ScenarioId;
	title: string;
	items: number;
	baselineLabel: string;
	baselineSeconds?: number;
	results: ContenderResult[];
}

export interface Target {
	scenario: string;
	what: string;
	measured: string;
	verdict: 'PASS' | 'MISS' | 'INFO' | 'N/A';
}

const mb = (bytes?: number) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0));
const secs = (seconds: number) => `${seconds.toFixed(2)} s`;
const count = (value: number) => value.toLocaleString('en-US');

function pad(cells: string[], widths: number[], right: boolean[]): string {
	return cells
		.map((cell, index) =>
			right[index] ? cell.padStart(widths[index]) : cell.padEnd(widths[index]),
		)
		.join('  ');
}

export function table(header: string[], rows: string[][], right: boolean[]): string {
	const widths = header.map((title, index) =>
		Math.max(title.length, ...rows.map((row) => row[index].length)),
	);
	const lines = [
		pad(header, widths, right),
		widths.map((width) => '-'.repeat(width)).join('  '),
		...rows.map((row) => pad(row, widths, right)),
	];
	return lines.map((line) => line.trimEnd()).join('\n');
}

export function scenarioTable(scenario: ScenarioResult): string {
	const baseline = scenario.baselineSeconds;
	const rows = scenario.results.map((result) => [
		CONTENDER_LABELS[result.id] +
			(result.items !== scenario.items ? ` (${count(result.items)})` : ''),
		(result.extrapolated ? '~' : '') + secs(result.seconds),
		baseline ? `${(result.seconds / baseline).toFixed(2)}x` : '-',
		result.extrapolated ? '-' : count(result.delivery.requests),
		result.extrapolated ? '-' : count(result.delivery.refused429),
		result.extrapolated ? '-' : count(result.delivery.delivered),
		result.extrapolated ? '-' : count(result.delivery.doubled),
		result.extrapolated ? '-' : count(result.delivery.failed),
		result.extrapolated ? '-' : count(result.delivery.peakInFlight),
		mb(result.rssGrowthBytes),
		result.status === 'success' ? 'ok' : result.status,
	]);
	const header = [
		'contender',
		'wall time',
		'x base',
		'requests',
		'429s',
		'delivered',
		'doubled',
		'failed',
		'in flight',
		'RSS +MB',
		'run',
	];
	const lines = [
		`${scenario.id}  ${scenario.title}`,
		'    in flight: most requests the emulator handled at once',
		`    baseline (x base = 1.00): ${scenario.baselineLabel}${baseline ? ` = ${secs(baseline)}` : ''}`,
		table(header, rows, [
			false,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			true,
			false,
		]).replace(/^/gm, '    '),
	];
	for (const result of scenario.results) {
		if (result.error)
			lines.push(
				`    ${CONTENDER_LABELS[result.id]}: ${result.error.split('\n')[0].slice(0, 160)}`,
			);
		if (result.note) lines.push(`    ${CONTENDER_LABELS[result.id]}: ${result.note}`);
	}
	return lines.join('\n');
}

export function targetsTable(targets: Target[]): string {
	return table(
		['scenario', 'target', 'measured', 'verdict'],
		targets.map((target) => [target.scenario, target.what, target.measured, target.verdict]),
		[false, false, false, false],
	);
}
