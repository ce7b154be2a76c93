import winston from 'winston';
import type { PollOutcome } from '../../harness/poll';
import type { RunNodeResult } from '../../harness/runNode';
import { TEST_API_KEY } from '../../harness/keys';

/** The forms of the key a leak could take: as typed, URL-encoded, base64. */
export const KEY_FORMS = [...new Set([TEST_API_KEY, encodeURIComponent(TEST_API_KEY), Buffer.from(TEST_API_KEY).toString('base64')])];

export interface LeakHit {
	where: string;
	excerpt: string;
}

/**
 * JSON of anything a run produced, without the node itself (`node` holds the node's own
 * parameters, where a user may have typed anything) and safe against cycles.
 */
export function serialize(value: unknown): string {
	const seen = new WeakSet<object>();
	return (
		JSON.stringify(value ?? null, (key, entry: unknown) => {
			if (key === 'node') return undefined;
			if (typeof entry === 'bigint') return String(entry);
			if (Buffer.isBuffer(entry)) return entry.toString('base64');
			if (typeof entry === 'object' && entry !== null) {
				if (seen.has(entry)) return '[circular]';
				seen.add(entry);
			}
			return entry;
		}) ?? ''
	);
}

function errorParts(error: unknown): unknown[] {
	if (!error || typeof error !== 'object') return [error];
	const record = error as { message?: unknown; description?: unknown; stack?: unknown; cause?: unknown };
	return [record.message, record.description, record.stack, serialize(error), record.cause ? errorParts(record.cause) : undefined];
}

function asText(chunk: unknown): string {
	if (typeof chunk === 'string') return chunk;
	if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
	return serialize(chunk);
}

type Writer = typeof process.stdout.write;
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Searches everything the package shows for the API key: output items, error messages,
 * descriptions, error JSON, the run data, and everything written to the console or to
 * stdout/stderr while the runs go on (n8n's logger prints node errors there).
 *
 * Hits are kept per place. Runs that document a known leak (an `it.failing` test) are scanned
 * as `known`, so the figures keep them apart from the zero the suite asserts elsewhere.
 */
export class LeakWatch {
	readonly hits: LeakHit[] = [];
	readonly knownHits: LeakHit[] = [];
	/** how many values were searched */
	scans = 0;
	/** how many console calls and stream writes were captured (and searched) */
	logWrites = 0;
	private captured: string[] = [];
	/** everything captured, for tests that check what was logged */
	private history: string[] = [];
	private undo: Array<() => void> = [];

	/** Captures console.* (kept quiet) and stdout/stderr writes (passed through). */
	install(): void {
		// n8n's logger writes through winston's console transport, which in a jest worker may not
		// reach the console or the streams patched below: capture what it is given as well.
		const transport = winston.transports.Console.prototype;
		const originalLog = transport.log;
		const captureLog = (info: unknown) => this.capture(asText(info));
		transport.log = function (this: unknown, info: unknown, next: () => void) {
			captureLog(info);
			return (originalLog as (info: unknown, next: () => void) => unknown).call(this, info, next);
		};
		this.undo.push(() => {
			transport.log = originalLog;
		});
		for (const name of CONSOLE_METHODS) {
			const original = console[name];
			console[name] = (...args: unknown[]) => this.capture(args.map(asText).join(' '));
			this.undo.push(() => {
				console[name] = original;
			});
		}
		for (const stream of [process.stdout, process.stderr]) {
			const original: Writer = stream.write;
			const capture = (chunk: unknown) => this.capture(asText(chunk));
			stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
				capture(chunk);
				return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
			} as Writer;
			this.undo.push(() => {
				stream.write = original;
			});
		}
	}

	private capture(text: string): void {
		this.logWrites++;
		this.captured.push(text);
		this.history.push(text);
	}

	/** A position in the log, for `loggedSince`. */
	mark(): number {
		return this.history.length;
	}

	loggedSince(mark: number): string {
		return this.history.slice(mark).join('\n');
	}

	restore(): void {
		for (const undo of this.undo.reverse()) undo();
		this.undo = [];
	}

	/**
	 * Searches what was logged since the last call. Lines matching `knownLines` (the message of a
	 * known leak, while its test runs) count as known hits; any other hit counts as a leak.
	 */
	scanLog(where: string, knownLines?: RegExp): void {
		const entries = this.captured;
		this.captured = [];
		for (const entry of entries) this.scan(`${where} (logged)`, entry, knownLines?.test(entry) ?? false);
	}

	/** Searches one value; returns the number of hits. */
	scan(where: string, value: unknown, known = false): number {
		this.scans++;
		const text = typeof value === 'string' ? value : serialize(value);
		let found = 0;
		for (const form of KEY_FORMS) {
			let at = text.indexOf(form);
			while (at >= 0) {
				found++;
				(known ? this.knownHits : this.hits).push({ where, excerpt: text.slice(Math.max(0, at - 60), at + form.length + 20) });
				at = text.indexOf(form, at + form.length);
			}
		}
		return found;
	}

	/** Searches what one node run produced; returns the number of hits. */
	scanRun(where: string, result: RunNodeResult, known = false): number {
		// the run data holds the output items (json and binary) and the error as n8n keeps them
		return this.scan(`${where}: error`, errorParts(result.error), known) + this.scan(`${where}: output items and run data`, result.run.data.resultData, known);
	}

	/** Searches what one trigger poll produced; returns the number of hits. */
	scanPoll(where: string, outcome: PollOutcome, known = false): number {
		return this.scan(`${where}: poll items`, outcome.items, known) + this.scan(`${where}: poll error`, errorParts(outcome.error), known);
	}
}

export const leakWatch = new LeakWatch();

const knownLeakTests = new Map<string, RegExp>();

/**
 * Registers a test (by a part of its name) that documents a known leak, and the log lines that
 * show it: while that test runs, such lines are searched as `known`.
 */
export function markKnownLeak(namePart: string, lines: RegExp): void {
	knownLeakTests.set(namePart, lines);
}

/** The log lines of a known leak that the test may produce, if it documents one. */
export function knownLeakLines(testName: string | undefined): RegExp | undefined {
	if (testName === undefined) return undefined;
	for (const [part, lines] of knownLeakTests) if (testName.includes(part)) return lines;
	return undefined;
}
