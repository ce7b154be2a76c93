const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNICODE_RULE =
	'it is not valid Unicode: a character is cut in half (for example an emoji split by an expression that cuts the text), so it would reach the phone altered';

/** Whether a text holds half of a character (a lone UTF-16 surrogate), which no phone can show. */
export function isWellFormedText(text: string): boolean {
	return !LONE_SURROGATE.test(text);
}

/**
 * The first text inside a request's parameters (nested JSON included) that is not valid Unicode,
 * with the path of the parameter that holds it; undefined when all are valid.
 */
export function firstMalformedText(
	parameters: object,
): { path: string; value: string } | undefined {
	const pending: Array<{ path: string; value: unknown }> = Object.entries(parameters).map(
		([path, value]) => ({ path, value }),
	);
	while (pending.length > 0) {
		const { path, value } = pending.pop()!;
		if (typeof value === 'string') {
			if (!isWellFormedText(value)) return { path, value };
		} else if (Array.isArray(value)) {
			for (let index = 0; index < value.length; index++)
				pending.push({ path: `${path}[${index}]`, value: value[index] });
		} else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
			for (const [key, inner] of Object.entries(value))
				pending.push({ path: `${path}.${key}`, value: inner });
		}
	}
	return undefined;
}
