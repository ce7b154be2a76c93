// Stopping n8n at chosen moments and starting it again on the same data: right after the
// emulator answered a mark-as-read (the signal goes out from the emulator's own answer
// listener, within milliseconds), or at a random instant; SIGTERM and SIGKILL alternating.
import type { LoggedRequest, Sandbox } from '../../sandbox';

export type Signal = 'SIGTERM' | 'SIGKILL';
export type StopMoment = 'after-mark' | 'random';

export interface PlannedStop {
	signal: Signal;
	moment: StopMoment;
}

export interface StopRecord extends PlannedStop {
	/** ms from the emulator's answer to the mark-as-read to the signal (after-mark only) */
	afterMarkMs?: number;
	/** the reply IDs that mark carried */
	markedIds?: string[];
	/** an after-mark stop that saw no mark in time and stopped n8n anyway */
	noMarkSeen?: boolean;
	/** how long n8n had been up (ready) when it was stopped, ms */
	upForMs: number;
	/** when the signal went out (ISO) */
	signalledAt: string;
}

/** n8n (main) that can be stopped with a signal and started again on its user folder, port and database. */
export interface Restartable {
	/** Sends the signal at once (before the first await), waits until n8n is gone. */
	kill(signal: Signal): Promise<void>;
	/** Starts n8n again and waits until it is ready. */
	start(): Promise<void>;
}

/** `count` stops, SIGTERM and SIGKILL alternating, after-mark and random alternating in pairs (TERM+mark, KILL+mark, TERM+random, KILL+random, ...). */
export function alternatingStops(count: number): PlannedStop[] {
	return Array.from({ length: count }, (_, index) => ({
		signal: index % 2 === 0 ? 'SIGTERM' : 'SIGKILL',
		moment: Math.floor(index / 2) % 2 === 0 ? 'after-mark' : 'random',
	}));
}

const isMark = (request: LoggedRequest) =>
	request.apiMethod === 'readResponseStatus' && request.status === 200;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

export interface StopOptions {
	/** how long an after-mark stop waits for a mark before it stops n8n anyway */
	markTimeoutMs: number;
	/** the range a random stop's delay is drawn from */
	randomMs: { min: number; max: number };
}

/** Stops n8n as planned; resolves once it has exited. `readyAt` is when it was last ready. */
export async function stopAsPlanned(
	sandbox: Sandbox,
	n8n: Restartable,
	stop: PlannedStop,
	readyAt: number,
	options: StopOptions,
): Promise<StopRecord> {
	if (stop.moment === 'random') {
		await sleep(
			options.randomMs.min + Math.random() * (options.randomMs.max - options.randomMs.min),
		);
		const upForMs = Date.now() - readyAt;
		const signalledAt = new Date().toISOString();
		await n8n.kill(stop.signal);
		return { ...stop, upForMs, signalledAt };
	}
	let killed: Promise<void> | undefined;
	let record: StopRecord | undefined;
	const remove = sandbox.onRequest((request) => {
		if (killed || !isMark(request)) return;
		const answeredAt = Date.now();
		killed = n8n.kill(stop.signal);
		const markedIds = String(
			request.body?.incoming_messages ?? request.query?.incoming_messages ?? '',
		).split(',');
		record = {
			...stop,
			afterMarkMs: Date.now() - answeredAt,
			markedIds,
			upForMs: answeredAt - readyAt,
			signalledAt: new Date().toISOString(),
		};
	});
	const deadline = Date.now() + options.markTimeoutMs;
	while (!killed && Date.now() < deadline) await sleep(20);
	remove();
	if (!killed) {
		const upForMs = Date.now() - readyAt;
		const signalledAt = new Date().toISOString();
		await n8n.kill(stop.signal);
		return { ...stop, noMarkSeen: true, upForMs, signalledAt };
	}
	await killed;
	return record!;
}

export function describeStop(index: number, record: StopRecord): string {
	const when =
		record.moment === 'random'
			? `at a random instant, ${(record.upForMs / 1000).toFixed(1)} s after ready`
			: record.noMarkSeen
				? `after-mark planned, but no mark within the wait: stopped ${(record.upForMs / 1000).toFixed(1)} s after ready`
				: `${record.afterMarkMs} ms after a mark of ${record.markedIds?.length} replies (${(record.upForMs / 1000).toFixed(1)} s after ready)`;
	return `stop ${index + 1} at ${record.signalledAt}: ${record.signal} ${when}`;
}
