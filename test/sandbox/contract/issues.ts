import { z } from 'zod';

function formatPath(path: Array<string | number>): string {
	return path.reduce<string>(
		(out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
		'',
	);
}

function article(type: string): string {
	return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The first broken rule of a failed parse, as the parameter it concerns and the rule in plain words. */
export function firstIssue(error: z.ZodError): { parameter: string; rule: string } {
	const issue = error.issues[0];
	const parameter = formatPath(issue.path);
	switch (issue.code) {
		case z.ZodIssueCode.invalid_type:
			return {
				parameter,
				rule: issue.received === 'undefined' ? 'is required' : `must be ${article(issue.expected)}`,
			};
		case z.ZodIssueCode.unrecognized_keys:
			return {
				parameter: formatPath([...issue.path, issue.keys[0]]),
				rule:
					issue.path.length === 0
						? 'is not a parameter of this method'
						: 'is not a member of this object',
			};
		case z.ZodIssueCode.invalid_union_discriminator:
			return { parameter, rule: `must be one of: ${issue.options.map(String).join(', ')}` };
		default:
			return { parameter, rule: issue.message };
	}
}
