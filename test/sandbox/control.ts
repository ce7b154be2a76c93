import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readRaw } from './http/body';
import { sendJson } from './http/respond';
import { CONTROL_PREFIX } from './server';
import type { FaultConfig, Sandbox } from './types';

const phone = z.string().regex(/^\d+$/);
const schemas = {
	account: z
		.object({
			token: z.string().min(1),
			balance: z.number().min(0).optional(),
			seed: z.boolean().optional(),
		})
		.strict(),
	advance: z.object({ seconds: z.number().min(0) }).strict(),
	reply: z
		.object({ token: z.string(), message_id: z.number().int(), phone, message: z.string() })
		.strict(),
	unreachable: z.object({ token: z.string(), phone, channel: z.enum(['chat', 'sms']) }).strict(),
	failing: z
		.object({
			token: z.string(),
			phone,
			channel: z.enum(['chat', 'sms']),
			status: z.string().min(1),
			errorCode: z.number().int().optional(),
		})
		.strict(),
	balance: z.object({ token: z.string(), balance: z.number().min(0) }).strict(),
	callbackDeliveries: z.object({ times: z.number().int().min(1).max(10) }).strict(),
	serviceTimeZone: z.object({ zone: z.string().min(1) }).strict(),
};

class ControlError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

async function readJson(req: IncomingMessage): Promise<unknown> {
	const raw = await readRaw(req);
	if (raw.length === 0) return {};
	const parsed = parseJson(raw.toString('utf8'));
	if (!parsed.ok) throw new ControlError(400, 'the body must be JSON');
	return parsed.value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}

function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
	const parsed = schema.safeParse(value);
	if (!parsed.success)
		throw new ControlError(
			400,
			parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
		);
	return parsed.data;
}

/** Runs an in-process operation and turns its thrown errors into 400/404 answers. */
function attempt<T>(operation: () => T): T {
	let message: string;
	try {
		return operation();
	} catch (error) {
		message = (error as Error).message;
	}
	throw new ControlError(/no account/.test(message) ? 404 : 400, message);
}

/** The test-control endpoints under /__sandbox/: JSON in and out, never faulted, never logged. */
export function createControlHandler(sandbox: Sandbox) {
	return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
		const route = `${req.method} ${url.pathname.slice(CONTROL_PREFIX.length - 1)}`;
		try {
			const body =
				req.method === 'GET' || req.method === 'DELETE'
					? (await readRaw(req), {})
					: await readJson(req);
			sendJson(res, 200, await dispatch(sandbox, route, body));
		} catch (error) {
			const status = error instanceof ControlError ? error.status : 500;
			sendJson(res, status, { error: (error as Error).message });
		}
	};
}

async function dispatch(sandbox: Sandbox, route: string, body: unknown): Promise<unknown> {
	const newestMatch = /^GET \/accounts\/([^/]+)\/newest-chat-mailings$/.exec(route);
	if (newestMatch)
		return attempt(() => sandbox.newestChatMailings(decodeURIComponent(newestMatch[1])));
	const handOversMatch = /^GET \/accounts\/([^/]+)\/hand-overs$/.exec(route);
	if (handOversMatch)
		return attempt(() => sandbox.handOvers(decodeURIComponent(handOversMatch[1])));
	const accountMatch = /^GET \/accounts\/([^/]+)$/.exec(route);
	if (accountMatch) return attempt(() => sandbox.account(decodeURIComponent(accountMatch[1])));
	switch (route) {
		case 'POST /accounts': {
			const { token, ...opts } = parse(schemas.account, body);
			return attempt(() => sandbox.addAccount(token, opts));
		}
		case 'POST /reset':
			sandbox.reset();
			return { ok: true };
		case 'POST /clock/advance':
			sandbox.advanceClock(parse(schemas.advance, body).seconds);
			return { now: sandbox.now().toISOString() };
		case 'GET /clock':
			return { now: sandbox.now().toISOString() };
		case 'PUT /service-time-zone': {
			const { zone } = parse(schemas.serviceTimeZone, body);
			attempt(() => sandbox.setServiceTimeZone(zone));
			return { zone };
		}
		case 'POST /replies': {
			const { token, ...reply } = parse(schemas.reply, body);
			return attempt(() => sandbox.injectReply(token, reply));
		}
		case 'POST /unreachable': {
			const { token, phone: number, channel } = parse(schemas.unreachable, body);
			attempt(() => sandbox.setUnreachable(token, number, channel));
			return { ok: true };
		}
		case 'POST /failing': {
			const { token, phone: number, channel, ...failure } = parse(schemas.failing, body);
			attempt(() => sandbox.setFailing(token, number, channel, failure));
			return { ok: true };
		}
		case 'POST /balance': {
			const { token, balance } = parse(schemas.balance, body);
			attempt(() => sandbox.setBalance(token, balance));
			return { ok: true };
		}
		case 'PUT /faults':
			attempt(() => sandbox.setFaults(body as FaultConfig));
			return { ok: true };
		case 'DELETE /faults':
			sandbox.clearFaults();
			return { ok: true };
		case 'GET /requests':
			return sandbox.requests();
		case 'DELETE /requests':
			sandbox.clearRequests();
			return { ok: true };
		case 'GET /counters':
			return sandbox.counters();
		case 'GET /callbacks':
			return sandbox.callbacks();
		case 'PUT /callbacks/deliveries':
			sandbox.setCallbackDeliveries(parse(schemas.callbackDeliveries, body).times);
			return { ok: true };
		case 'POST /callbacks/flush':
			await sandbox.flushCallbacks();
			return sandbox.callbacks();
		default:
			throw new ControlError(404, `unknown control endpoint: ${route}`);
	}
}
