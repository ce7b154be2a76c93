import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokenForLog } from './api/auth';
import type { Incoming } from './api/incoming';
import { processApiRequest, type Answer } from './api/process';
import type { CallbackSender } from './callbacks';
import type { Faults } from './faults';
import { BodyTooLarge, loggedBody, parseBody, readRaw, searchParamsToFields } from './http/body';
import { HTML_ERROR_PAGE, sendJson, sendText } from './http/respond';
import type { RequestLog } from './requestLog';
import { findRoute, type Route } from './routes';
import type { World } from './state/world';
import type { LoggedRequest } from './types';

export const CONTROL_PREFIX = '/__sandbox/';

export interface ServerParts {
	world: World;
	faults: Faults;
	log: RequestLog;
	callbacks: CallbackSender;
	quiet: boolean;
	control: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
}

const SERVER_UNAVAILABLE = { error: 'server unavailable' };

/** Waits without blocking the event loop; the timers are cancelled when the server closes. */
export class Waiter {
	private timers = new Set<NodeJS.Timeout>();
	closed = false;

	wait(ms: number): Promise<void> {
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	close(): void {
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.stopHolding();
	}

	/** answers waiting for `releaseHeld()`; null while answers are not held */
	private held: Array<() => void> | null = null;

	/** From now on each API answer, after its latency, waits until `releaseHeld()`. */
	hold(): void {
		this.held ??= [];
	}

	get heldCount(): number {
		return this.held?.length ?? 0;
	}

	/** Lets the answers held so far go; later ones are held again. */
	releaseHeld(): void {
		const waiting = this.held ?? [];
		if (this.held) this.held = [];
		for (const release of waiting) release();
	}

	stopHolding(): void {
		this.releaseHeld();
		this.held = null;
	}

	gate(): Promise<void> {
		const held = this.held;
		return held ? new Promise((resolve) => held.push(resolve)) : Promise.resolve();
	}
}

export function createRequestHandler(parts: ServerParts, waiter: Waiter) {
	const fail = (res: ServerResponse, error: unknown) => {
		if (!parts.quiet) console.error('[sandbox] internal error:', error);
		sendJson(res, 500, {
			...SERVER_UNAVAILABLE,
			detail: (error as Error)?.message ?? String(error),
		});
	};
	return (req: IncomingMessage, res: ServerResponse): void => {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const work = url.pathname.startsWith(CONTROL_PREFIX)
			? parts.control(req, res, url)
			: handleApi(parts, waiter, req, res, url);
		work.catch((error) => fail(res, error));
	};
}

function answerWith(
	res: ServerResponse,
	log: RequestLog,
	entry: LoggedRequest,
	answer: Answer,
): void {
	sendJson(res, answer.status, answer.body, answer.headers);
	log.finish(entry, answer.status);
}

function drop(res: ServerResponse, log: RequestLog, entry: LoggedRequest): void {
	res.socket?.destroy();
	res.destroy();
	log.finish(entry, 0);
}

async function handleApi(
	parts: ServerParts,
	waiter: Waiter,
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
) {
	const { log } = parts;
	let raw: Buffer;
	try {
		raw = await readRaw(req);
	} catch (error) {
		if (error instanceof BodyTooLarge) sendJson(res, 413, { error: 'payload too large' });
		return;
	}
	const contentType = req.headers['content-type'] ?? null;
	const body = await parseBody(raw, contentType);
	const incoming: Incoming = {
		query: searchParamsToFields(url.searchParams),
		form: body.fields,
		json: body.json,
		files: body.files,
	};
	const route = findRoute(url.pathname);
	const entry = log.start({
		httpMethod: req.method ?? 'GET',
		path: url.pathname,
		apiMethod: route?.apiMethod ?? null,
		token: tokenForLog(route?.tokenIn ?? null, incoming),
		query: structuredClone(incoming.query),
		body: structuredClone(loggedBody(body)),
		bodyType: body.type,
		contentType,
		files: body.files,
	});
	if (!route)
		return answerWith(res, log, entry, { status: 404, body: { error: 'page not found' } });
	if (req.method !== route.httpMethod) {
		return answerWith(res, log, entry, {
			status: 405,
			body: { error: 'method not allowed', allowed: route.httpMethod },
			headers: { allow: route.httpMethod },
		});
	}
	await answerApi(parts, waiter, route, { incoming, body }, res, entry);
}

async function answerApi(
	parts: ServerParts,
	waiter: Waiter,
	route: Route,
	request: { incoming: Incoming; body: Awaited<ReturnType<typeof parseBody>> },
	res: ServerResponse,
	entry: LoggedRequest,
) {
	const { log, faults } = parts;
	const retryAfter = faults.rateLimited();
	if (retryAfter !== null) {
		entry.fault = 'rate-limit';
		await waiter.wait(faults.latencyMs);
		await waiter.gate();
		return answerWith(res, log, entry, {
			status: 429,
			body: { error: 'request limit exceeded' },
			headers: { 'retry-after': retryAfter },
		});
	}
	const rule = faults.take(route.apiMethod);
	entry.fault = rule?.kind ?? null;
	await waiter.wait(faults.latencyMs + (rule?.kind === 'delay' ? (rule.delayMs ?? 0) : 0));
	await waiter.gate();
	if (waiter.closed) return;
	switch (rule?.kind) {
		case '429':
			return answerWith(res, log, entry, {
				status: 429,
				body: { error: 'request limit exceeded' },
				headers: { 'retry-after': rule.retryAfter ?? '1' },
			});
		case '400':
			return answerWith(res, log, entry, { status: 400, body: { error: 'invalid request' } });
		case '500-before':
			return answerWith(res, log, entry, { status: 500, body: SERVER_UNAVAILABLE });
		case 'html':
			sendText(res, 200, HTML_ERROR_PAGE, 'text/html; charset=utf-8');
			return log.finish(entry, 200);
		case 'drop-before':
			return drop(res, log, entry);
	}
	const answer = processApiRequest(
		route,
		request.incoming,
		request.body,
		parts.world,
		parts.callbacks,
	);
	switch (rule?.kind) {
		case '500-after':
			return answerWith(res, log, entry, { status: 500, body: SERVER_UNAVAILABLE });
		case 'truncated': {
			const json = JSON.stringify(answer.body);
			sendText(
				res,
				200,
				json.slice(0, Math.max(1, Math.floor(json.length / 2))),
				'application/json; charset=utf-8',
			);
			return log.finish(entry, 200);
		}
		case 'drop-after':
			return drop(res, log, entry);
		default:
			return answerWith(res, log, entry, answer);
	}
}
