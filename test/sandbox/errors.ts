export type ApiVersion = 'v1' | 'v2';

/** An answer that is not a success, with its final status and body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: Record<string, unknown>,
		readonly headers: Record<string, string> = {},
	) {
		super(JSON.stringify(body));
	}
}

/** A request that breaks the contract: same body in both API versions. */
export function invalidRequest(parameter: string, rule: string): ApiError {
	return new ApiError(400, { error: 'invalid request', parameter, rule });
}

export type TokenLocation = 'query' | 'form' | 'query+json';

const whereToken: Record<TokenLocation, string> = {
	query: 'the query string',
	form: 'the form body',
	'query+json': 'both the query string and the JSON body',
};

export function missingToken(expected: TokenLocation): ApiError {
	return new ApiError(401, {
		error: 'unauthorized',
		message: 'API key (token) is missing',
		expected_in: whereToken[expected],
	});
}

export function invalidToken(): ApiError {
	return new ApiError(401, { error: 'unauthorized', message: 'API key (token) is not valid' });
}

/**
 * A request that passed the contract but does not fit the account's state (unknown id, already
 * confirmed...). Its body depends on the API version, so the dispatcher shapes it.
 */
export class StateError extends Error {
	constructor(
		readonly parameter: string,
		readonly rule: string,
	) {
		super(`${parameter}: ${rule}`);
	}
}

export class InsufficientFunds extends Error {
	constructor() {
		super('insufficient funds to continue');
	}
}

export function shapeHandlerError(error: unknown, version: ApiVersion): ApiError | null {
	if (error instanceof ApiError) return error;
	if (error instanceof StateError) {
		return version === 'v1'
			? invalidRequest(error.parameter, error.rule)
			: new ApiError(400, { status: 'error', error: error.message });
	}
	if (error instanceof InsufficientFunds) {
		return version === 'v1'
			? new ApiError(400, { error: error.message })
			: new ApiError(400, { status: 'error', error: error.message });
	}
	return null;
}
