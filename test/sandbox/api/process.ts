import { firstIssue } from '../contract/issues';
import { invalidRequest, shapeHandlerError } from '../errors';
import type { ParsedBody } from '../http/body';
import type { HandlerContext } from '../methods/context';
import type { Route } from '../routes';
import type { World } from '../state/world';
import type { CallbackSender } from '../callbacks';
import { authenticate } from './auth';
import type { Incoming } from './incoming';
import { batchParams, collectParams } from './locations';

export interface Answer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

function checkBodyKind(route: Route, body: ParsedBody): void {
	if (body.error) throw invalidRequest('body', body.error);
	if (route.body === 'json') {
		const isObject =
			body.type === 'json' &&
			body.json !== null &&
			typeof body.json === 'object' &&
			!Array.isArray(body.json);
		if (!isObject)
			throw invalidRequest(
				'content-type',
				'the body must be a JSON object sent as application/json',
			);
		return;
	}
	if (body.type === 'json' || body.type === 'other') {
		const rule =
			route.httpMethod === 'GET'
				? 'GET methods take every parameter in the query string; send no body'
				: 'the body must be application/x-www-form-urlencoded or multipart/form-data';
		throw invalidRequest('content-type', rule);
	}
}

/** Body kind, then API key, then parameter locations, then the contract, then the method itself. */
export function processApiRequest(
	route: Route,
	incoming: Incoming,
	body: ParsedBody,
	world: World,
	callbacks: CallbackSender,
): Answer {
	let failure: unknown;
	try {
		world.settle();
		checkBodyKind(route, body);
		const account = authenticate(route, incoming, world);
		const raw =
			route.body === 'json' ? batchParams(route, incoming) : collectParams(route, incoming);
		const parsed = route.schema.safeParse(raw);
		if (!parsed.success) {
			const { parameter, rule } = firstIssue(parsed.error);
			throw invalidRequest(parameter, rule);
		}
		const context: HandlerContext = { world, account, callbacks };
		return { status: 200, body: route.handler(context, parsed.data as never) };
	} catch (error) {
		failure = error;
	}
	const shaped = shapeHandlerError(failure, route.version);
	if (!shaped) throw failure;
	return { status: shaped.status, body: shaped.body, headers: shaped.headers };
}
