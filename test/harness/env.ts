import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vm from 'node:vm';
import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

// n8n-core writes its instance settings (an encryption key) into the user folder on import.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-harness-'));

// n8n-workflow runs every regular expression of a node's parameters (display conditions, resource
// locator checks) in a vm with a 250 ms wall-clock timeout: on a machine so busy that a jest worker
// waits longer than that for a core, reading a parameter fails with "Regular expression execution
// timed out". The tests keep the vm and its protection, with a timeout that holds at a fortieth of the speed.
const REGEX_TIMEOUT_MS = 10_000;
const context = vm.createContext({
	pattern: '',
	input: '',
	flags: '',
	replacement: '',
	result: undefined as unknown,
});

function inVm<T>(expression: string) {
	const script = new vm.Script(`result = ${expression}`);
	return (pattern: string, input: string, flags = '', replacement = ''): T => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		script.runInContext(context, { timeout: REGEX_TIMEOUT_MS });
		return context.result as T;
	};
}

const globalFlags = "(flags.includes('g') ? flags : flags + 'g')";
const exec = inVm<RegExpExecArray | null>('new RegExp(pattern, flags).exec(input)');
const test = inVm<boolean>('new RegExp(pattern, flags).test(input)');
const replace = inVm<string>('input.replace(new RegExp(pattern, flags), replacement)');
const matchAll = inVm<RegExpMatchArray[]>(
	`Array.from(input.matchAll(new RegExp(pattern, ${globalFlags})))`,
);
const split = inVm<string[]>('input.split(new RegExp(pattern, flags))');
const engine: RegexEngine = {
	exec: (pattern, input, flags) => exec(pattern, input, flags),
	test: (pattern, input, flags) => test(pattern, input, flags),
	replace: (pattern, input, flags, replacement) => replace(pattern, input, flags, replacement),
	matchAll: (pattern, input, flags) => matchAll(pattern, input, flags),
	split: (pattern, input, flags) => split(pattern, input, flags),
};
setSafeRegexEngine(engine);
