import * as fs from 'node:fs';

export interface RssSample {
	at: number;
	rssBytes: number;
}

/** Resident memory of a process, from /proc (Linux). Undefined when it cannot be read. */
export function readRss(pid: number): number | undefined {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
		return match ? Number(match[1]) * 1024 : undefined;
	} catch {
		return undefined;
	}
}

/** Samples a process's RSS every `intervalMs` until stopped (the n8n process, from outside it). */
export class RssSampler {
	private readonly samples: RssSample[] = [];
	private readonly timer: NodeJS.Timeout;

	constructor(
		private readonly pid: number,
		intervalMs = 25,
	) {
		this.sample();
		this.timer = setInterval(() => this.sample(), intervalMs);
	}

	private sample(): void {
		const rssBytes = readRss(this.pid);
		if (rssBytes !== undefined) this.samples.push({ at: Date.now(), rssBytes });
	}

	stop(): RssSample[] {
		clearInterval(this.timer);
		this.sample();
		return this.samples;
	}
}

/**
 * Growth of RSS while something ran from `from` to `to` (epoch ms): the highest sample in that
 * span minus the last sample taken before it started.
 */
export function peakGrowth(samples: RssSample[], from: number, to: number): number | undefined {
	const before = samples.filter((sample) => sample.at <= from);
	const during = samples.filter((sample) => sample.at >= from && sample.at <= to);
	if (before.length === 0 || during.length === 0) return undefined;
	const baseline = before[before.length - 1].rssBytes;
	return Math.max(0, Math.max(...during.map((sample) => sample.rssBytes)) - baseline);
}
