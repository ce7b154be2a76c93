import winston from 'winston';
import type { PollOutcome } from '../../harness/poll';
import type { RunNodeResult } from '../../harness/runNode';
import { TEST_API_KEY } from '../../harness/keys';

/**
 * The forms of a key a leak could take: as typed, URL-encoded (encodeURIComponent, the form
 * encoding with `+` for a space, and twice), JSON-escaped, base64 and base64url. Written here
 * again, independently of the package's redaction, so that a form it forgets is found.
 */
export function formsOfKey(key: string): string[] {
	const base64 = Buffer.from(key).toString('base64');
	return [
		...new Set([
			key,
			encodeURIComponent(key),
			encodeURIComponent(key).replace(/%20/g, '+'),
			encodeURIComponent(encodeURIComponent(key)),
			JSON.stringify(key).slice(1, -1),
			base64,
			base64.replace(/=+$/, ''),
			base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
		]),
	];
}

export const KEY_FORMS = formsOfKey(TEST_API_KEY);

/** A cut of the key (an error that quotes a long value cut short) counts from this many characters. */
export const KEY_PREFIX_LENGTH = 8;

/**
 * Where a key shows in a text: any of its forms, whole or cut to a prefix of KEY_PREFIX_LENGTH
 * characters or more. Returns each hit's start and length.
 */
export function keyHits(
	text: string,
	key: string = TEST_API_KEY,
): Array<{ at: number; length: number }> {
	const found: Array<{ at: number; end: number }> = [];
	for (const form of formsOfKey(key)) {
		const head = form.slice(0, Math.min(KEY_PREFIX_LENGTH, form.length));
		for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
			let length = head.length;
			while (length < form.length && text[at + length] === form[length]) length++;
			found.push({ at, end: at + length });
		}
	}
	// base64 text that holds the key anywhere inside (where it shows in no form of its own)
	for (const match of text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
		const decoded = Buffer.from(match[0].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
			'utf8',
		);
		if (formsOfKey(key).some((form) => decoded.includes(form.slice(0, KEY_PREFIX_LENGTH))))
			found.push({ at: match.index, end: match.index + match[0].length });
	}
	// overlapping finds (one form's cut inside another form) are one hit, as long as their union
	const hits: Array<{ at: number; length: number }> = [];
	for (const { at, end } of found.sort((a, b) => a.at - b.at)) {
		const last = hits[hits.length - 1];
		if (last && at < last.at + last.length) last.length = Math.max(last.length, end - last.at);
		else hits.push({ at, length: end - at });
	}
	return hits;
}

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
	const record = error as {
		message?: unknown;
		description?: unknown;
		stack?: unknown;
		cause?: unknown;
	};
	return [
		record.message,
		record.description,
		record.stack,
		serialize(error),
		record.cause ? errorParts(record.cause) : undefined,
	];
}

function asText(chunk: unknown): string {
	if (typeof chunk === 'string') return chunk;
	if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
	return serialize(chunk);
}

type Writer = typeof process.stdout.write;
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Searches everything the package shows for the API key (every form of it, and every cut of
 * KEY_PREFIX_LENGTH characters or more: `keyHits`): output items, error messages,
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
		for (const entry of entries)
			this.scan(`${where} (logged)`, entry, knownLines?.test(entry) ?? false);
	}

	/** Searches one value; returns the number of hits. */
	scan(where: string, value: unknown, known = false): number {
		this.scans++;
		const text = typeof value === 'string' ? value : serialize(value);
		const hits = keyHits(text);
		for (const { at, length } of hits) {
			(known ? this.knownHits : this.hits).push({
				where,
				excerpt: text.slice(Math.max(0, at - 60), at + length + 20),
			});
		}
		return hits.length;
	}

	/** Searches what one node run produced; returns the number of hits. */
	scanRun(where: string, result: RunNodeResult, known = false): number {
		// the run data holds the output items (json and binary) and the error as n8n keeps them
		return (
			this.scan(`${where}: error`, errorParts(result.error), known) +
			this.scan(`${where}: output items and run data`, result.run.data.resultData, known)
		);
	}

	/** Searches what one trigger poll produced; returns the number of hits. */
	scanPoll(where: string, outcome: PollOutcome, known = false): number {
		return (
			this.scan(`${where}: poll items`, outcome.items, known) +
			this.scan(`${where}: poll error`, errorParts(outcome.error), known)
		);
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
