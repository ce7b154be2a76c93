import { invalidRequest, invalidToken, missingToken, type TokenLocation } from '../errors';
import type { Route } from '../routes';
import type { Account } from '../state/model';
import type { World } from '../state/world';
import { jsonMember, type Incoming } from './incoming';

const where: Record<'query' | 'form', string> = {
	query: 'the query string',
	form: 'the form body',
};

function tokenAt(incoming: Incoming, location: 'query' | 'form' | 'json'): unknown {
	if (location === 'query') return incoming.query.token;
	if (location === 'form') return incoming.form?.token;
	return jsonMember(incoming.json, 'token');
}

/** The key as read for the request log: from where the method expects it, else from wherever it came. */
export function tokenForLog(tokenIn: TokenLocation | null, incoming: Incoming): string | null {
	const order: Array<'query' | 'form' | 'json'> =
		tokenIn === 'form' ? ['form', 'query', 'json'] : ['query', 'form', 'json'];
	for (const location of order) {
		const value = tokenAt(incoming, location);
		if (typeof value === 'string') return value;
		if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
	}
	return null;
}

function readBatchToken(incoming: Incoming): string {
	const fromQuery = incoming.query.token;
	const fromJson = jsonMember(incoming.json, 'token');
	if (Array.isArray(fromQuery)) throw invalidRequest('token', 'must be sent once');
	if (!fromQuery || fromJson === undefined || fromJson === '') throw missingToken('query+json');
	if (typeof fromJson !== 'string') throw invalidRequest('token', 'must be a string');
	if (fromJson !== fromQuery) {
		throw invalidRequest(
			'token',
			'the token in the JSON body must equal the token in the query string',
		);
	}
	return fromQuery;
}

function readToken(route: Route, incoming: Incoming): string {
	if (route.tokenIn === 'query+json') return readBatchToken(incoming);
	const expected = route.tokenIn;
	const other = expected === 'query' ? 'form' : 'query';
	const value = tokenAt(incoming, expected);
	if (value === undefined || value === '') throw missingToken(expected);
	if (tokenAt(incoming, other) !== undefined) {
		throw invalidRequest(
			'token',
			`must be sent only in ${where[expected]}, not also in ${where[other]}`,
		);
	}
	if (typeof value !== 'string') throw invalidRequest('token', 'must be sent once');
	return value;
}

/** The account whose key the request carries where the method expects it; 401 when missing or unknown. */
export function authenticate(route: Route, incoming: Incoming, world: World): Account {
	const account = world.findAccount(readToken(route, incoming));
	if (!account) throw invalidToken();
	return account;
}
