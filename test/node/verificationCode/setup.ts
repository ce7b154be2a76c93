import { createHash } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { sharedInThisProcess } from '../../../nodes/MessagingService/actions/verificationCode/processMemory';
import { params } from '../../harness/params';
import type { RunNodeOptions, RunNodeResult } from '../../harness/runNode';
import type { SandboxFixture } from '../../harness/sandbox';

/** The node version whose Send returns a token and not the code. */
export const TOKEN_VERSION = 3;

export type RunExtras = Partial<
	Pick<
		RunNodeOptions,
		| 'staticData'
		| 'workflowId'
		| 'credentialFields'
		| 'apiKey'
		| 'continueOnFail'
		| 'items'
		| 'typeVersion'
	>
>;

export const sendParams = (fixture: SandboxFixture, overrides: INodeParameters = {}) =>
	params(fixture.account, 'verificationCode', 'send', overrides);

export const checkParams = (fixture: SandboxFixture, overrides: INodeParameters = {}) =>
	params(fixture.account, 'verificationCode', 'check', overrides);

/**
 * The workflow a test's runs belong to unless they say otherwise: one per test, so that Send and
 * Check of a test share it (a token is checked only in its scope, by default the workflow that sent
 * it), whatever static data each run is given.
 */
export const testWorkflowId = (): string =>
	`test-${createHash('sha256')
		.update(expect.getState().currentTestName ?? 'outside a test')
		.digest('hex')
		.slice(0, 16)}`;

/** Runs Send (version 3) and gives its run, its first output and the code the emulator delivered. */
export async function sendCode(
	fixture: SandboxFixture,
	overrides: INodeParameters = {},
	extras: RunExtras = {},
): Promise<{ token: string; code: string; json: IDataObject; result: RunNodeResult }> {
	const result = await fixture.run({
		typeVersion: TOKEN_VERSION,
		parameters: sendParams(fixture, overrides),
		workflowId: testWorkflowId(),
		...extras,
	});
	expect(result.error).toBeUndefined();
	const sent = fixture.sandbox.counters().sent;
	const json = result.items[0].json;
	return { token: String(json.token), code: sent[sent.length - 1].text, json, result };
}

/** Runs Check once for each of `codes` (one item each, in one execution) and gives the outputs. */
export async function checkCodes(
	fixture: SandboxFixture,
	token: string,
	codes: string[],
	extras: RunExtras & { options?: INodeParameters } = {},
): Promise<{ outputs: IDataObject[]; result: RunNodeResult }> {
	const { options, ...rest } = extras;
	const result = await fixture.run({
		typeVersion: TOKEN_VERSION,
		parameters: checkParams(fixture, {
			token,
			enteredCode: '={{ $json.code }}',
			...(options ? { options } : {}),
		}),
		items: codes.map((code) => ({ code })),
		workflowId: testWorkflowId(),
		...rest,
	});
	expect(result.error).toBeUndefined();
	return { outputs: result.items.map((item) => item.json), result };
}

export async function checkCode(
	fixture: SandboxFixture,
	token: string,
	code: string,
	extras: RunExtras & { options?: INodeParameters } = {},
): Promise<IDataObject> {
	return (await checkCodes(fixture, token, [code], extras)).outputs[0];
}

/** Moves Date.now by `ms`, the clock going on from there (the tests undo it with jest.restoreAllMocks). */
export function clockAhead(ms: number): void {
	const now = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

/** A code other than `code`, of the same length. */
export function wrongCodeFor(code: string): string {
	return code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
}

/** What Send and Check keep in the workflow's static data (`staticData` as a run left it). */
export function storedVerification(staticData: IDataObject): {
	checks: IDataObject;
	resends: IDataObject;
} {
	return (
		staticData.global as {
			messagingServiceVerification: { checks: IDataObject; resends: IDataObject };
		}
	).messagingServiceVerification;
}

/** What a restarted n8n has in memory: nothing; only the static data it loads. */
export function restartN8n(): void {
	sharedInThisProcess.states.clear();
	sharedInThisProcess.legacyTokenHolders.clear();
}
