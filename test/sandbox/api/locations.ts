import { invalidRequest } from '../errors';
import type { ParamLocation, Route } from '../routes';
import type { Fields } from '../http/body';
import type { Incoming } from './incoming';

const where: Record<ParamLocation, string> = {
	query: 'the query string',
	form: 'the form body',
	file: 'the form body as a file part (multipart/form-data)',
	json: 'the JSON body',
};

function misplaced(route: Route, name: string, arrivedIn: ParamLocation): never {
	const expected = route.params[name];
	throw invalidRequest(
		name,
		expected
			? `must be sent in ${where[expected]}, not in ${where[arrivedIn]}`
			: 'is not a parameter of this method',
	);
}

function take(
	route: Route,
	fields: Fields,
	arrivedIn: 'query' | 'form',
	into: Record<string, unknown>,
): void {
	for (const [name, value] of Object.entries(fields)) {
		if (name === 'token') continue;
		if (route.params[name] !== arrivedIn) misplaced(route, name, arrivedIn);
		if (Array.isArray(value)) throw invalidRequest(name, 'must be sent once');
		into[name] = value;
	}
}

/**
 * The parameters of a query/form method, each read only from its own location. Anything
 * in another location, unknown, or repeated is refused before the schema sees it.
 */
export function collectParams(route: Route, incoming: Incoming): Record<string, unknown> {
	const params: Record<string, unknown> = {};
	take(route, incoming.query, 'query', params);
	if (incoming.form) take(route, incoming.form, 'form', params);
	for (const file of incoming.files) {
		if (route.params[file.field] !== 'file') misplaced(route, file.field, 'file');
		if (file.field in params) throw invalidRequest(file.field, 'must be sent once');
		params[file.field] = {
			filename: file.filename,
			contentType: file.contentType,
			size: file.size,
			sha256: file.sha256,
		};
	}
	return params;
}

/** The batch methods: only the token may be in the query string; everything else is the JSON body. */
export function batchParams(route: Route, incoming: Incoming): unknown {
	for (const name of Object.keys(incoming.query)) {
		if (name !== 'token') misplaced(route, name, 'query');
	}
	return incoming.json;
}
