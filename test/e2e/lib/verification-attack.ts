/**
 * An attacker against examples/signup-verification-code.json as it runs in a real n8n: many requests
 * to its two production webhooks at once, counted by what n8n answered and by what the emulator
 * delivered. Shared by the regular-mode and the queue-mode suites, which expect different bounds.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { readExampleWorkflows } from '../../../scripts/demo/examples';
import type { Sandbox } from '../../sandbox';
import { host } from './host';
import type { WorkflowData } from './n8n-types';

export const EXAMPLE = 'examples/signup-verification-code.json';

export function signUpExample(): WorkflowData {
	const found = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === EXAMPLE);
	if (!found) throw new Error(`${EXAMPLE} is missing`);
	return found.workflow;
}

/**
 * The example with other webhook paths (`<prefix>/start`, `<prefix>/verify`), codes of `codeLength`
 * digits valid for an hour (a long attack on a slow machine must not outlast the token), saving no
 * successful execution (thousands of them would only fill n8n's database).
 */
export function signUpVariant(prefix: string, codeLength: number): WorkflowData {
	const workflow = signUpExample();
	return {
		...workflow,
		name: `${workflow.name} (${prefix})`,
		settings: { ...workflow.settings, saveDataSuccessExecution: 'none' },
		nodes: workflow.nodes.map((node) => {
			const parameters = node.parameters as IDataObject;
			if (node.type === 'n8n-nodes-base.webhook') {
				return {
					...node,
					webhookId: randomUUID(),
					parameters: {
						...parameters,
						path: String(parameters.path).replace('verification-code', prefix),
					},
				};
			}
			if (parameters.operation === 'send')
				return {
					...node,
					parameters: { ...parameters, codeLength, options: { validMinutes: 60 } },
				};
			return node;
		}),
	};
}

// a new connection per request: a kept-alive one that n8n closes as it is reused fails the request (socket hang up)
const agent = new http.Agent({ keepAlive: false, maxSockets: 256 });

export async function post(url: string, body: IDataObject): Promise<IDataObject> {
	const answer = await axios.post<IDataObject>(url, body, {
		httpAgent: agent,
		validateStatus: () => true,
		timeout: 300_000,
	});
	if (answer.status !== 200)
		throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.data)}`);
	return answer.data;
}

/** Calls `request` for each of `inputs`, `inFlight` at a time, and gives the answers in input order. */
export async function atOnce<T, R>(
	inputs: T[],
	inFlight: number,
	request: (input: T) => Promise<R>,
): Promise<R[]> {
	const answers: R[] = new Array<R>(inputs.length);
	let next = 0;
	const lane = async () => {
		while (next < inputs.length) {
			const index = next++;
			answers[index] = await request(inputs[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(inFlight, inputs.length) }, lane));
	return answers;
}

/** How many answers had each status (`verified: true` counts as `valid`). */
export function tally(answers: IDataObject[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const answer of answers) {
		const status = answer.verified === true ? 'valid' : String(answer.status);
		counts[status] = (counts[status] ?? 0) + 1;
	}
	return counts;
}

/** The codes the emulator delivered to a phone, oldest first. */
export function codesSentTo(sandbox: Sandbox, phone: string): string[] {
	return sandbox
		.requests()
		.filter((request) => request.apiMethod === 'sendOtpAppOne' && request.query.phone === phone)
		.map((request) => String(request.query.message));
}

/** A code of the same length that is not `code`. */
export const wrongCode = (code: string) =>
	code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));

/**
 * How many guesses the brute-force tests send: 1,000 by default, which holds the right code at 400
 * (an n8n that counted per execution checked 418 to 629 wrong codes of one token before refusing
 * any); `E2E_ATTACK_GUESSES=10000` sends every 4-digit code (about 10 minutes in a busy n8n).
 */
export const ATTACK_GUESSES = Number(process.env.E2E_ATTACK_GUESSES ?? 1000);
export const RIGHT_CODE_AT = 400;

/**
 * The codes of `length` digits in a fixed shuffled order, the right one at `position`, the first
 * `count` of them: the attacker's guesses.
 */
export function guesses(
	length: number,
	rightCode: string,
	position: number,
	count: number,
): string[] {
	const codes = Array.from({ length: 10 ** length }, (_, index) =>
		String(index).padStart(length, '0'),
	).filter((code) => code !== rightCode);
	let seed = 7;
	for (let i = codes.length - 1; i > 0; i--) {
		seed = (seed * 1103515245 + 12345) % 2 ** 31;
		const j = seed % (i + 1);
		[codes[i], codes[j]] = [codes[j], codes[i]];
	}
	codes.splice(position, 0, rightCode);
	return codes.slice(0, count);
}
