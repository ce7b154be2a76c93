// Executions at once, as n8n runs them: each with its own copy of the workflow's static data,
// loaded before any of them ran (n8n reads it when the request arrives, and writes each copy back
// whole when its execution ends). The limits must hold in the process, whatever those copies say.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import {
	checkCodes,
	clockAhead,
	restartN8n,
	sendCode,
	sendParams,
	storedVerification,
	TOKEN_VERSION,
	wrongCodeFor,
} from './setup';

const fixture = useSandbox();

afterEach(() => jest.restoreAllMocks());

let workflows = 0;
/** A workflow of its own for each test: what the node keeps per process is kept per workflow. */
const newWorkflowId = () => `parallel-${++workflows}`;

/** A copy of static data as n8n loads it from its database for each execution. */
const copyOf = (staticData: IDataObject): IDataObject =>
	JSON.parse(JSON.stringify(staticData)) as IDataObject;

const nonceOf = (token: string) =>
	(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { n: string }).n;

/** `count` Send executions at once of one workflow, each with its own copy of `saved`, with Continue On Fail. */
async function sendsAtOnce(
	count: number,
	workflowId: string,
	saved: IDataObject,
	overrides: INodeParameters,
	items?: IDataObject[],
) {
	return await Promise.all(
		Array.from(
			{ length: count },
			async () =>
				await fixture.run({
					typeVersion: TOKEN_VERSION,
					continueOnFail: true,
					parameters: sendParams(fixture, overrides),
					...(items ? { items } : {}),
					staticData: copyOf(saved),
					workflowId,
				}),
		),
	);
}

const statusesOf = (runs: Array<{ outputs: IDataObject[] }>) =>
	runs.flatMap((run) => run.outputs.map((output) => String(output.status)));
const countOf = (statuses: string[], status: string) =>
	statuses.filter((each) => each === status).length;

describe('Verification Code: executions at once in one n8n process', () => {
	it('counts 100 wrong codes sent at once as 5 wrong attempts and 95 refusals; the right code afterwards is refused', async () => {
		const workflowId = newWorkflowId();
		const saved: IDataObject = {};
		const { token, code } = await sendCode(fixture, {}, { staticData: saved, workflowId });
		const wrong = wrongCodeFor(code);
		const runs = await Promise.all(
			Array.from(
				{ length: 100 },
				async () =>
					await checkCodes(fixture, token, [wrong], { staticData: copyOf(saved), workflowId }),
			),
		);
		const statuses = statusesOf(runs);
		expect({
			wrongCode: countOf(statuses, 'wrongCode'),
			tooManyAttempts: countOf(statuses, 'tooManyAttempts'),
		}).toEqual({
			wrongCode: 5,
			tooManyAttempts: 95,
		});
		const attemptsLeft = runs
			.map((run) => run.outputs[0].attemptsLeft)
			.filter((left) => left !== 0);
		expect(attemptsLeft.sort()).toEqual([1, 2, 3, 4]);
		const right = await checkCodes(fixture, token, [code], {
			staticData: copyOf(saved),
			workflowId,
		});
		expect(right.outputs[0]).toMatchObject({ valid: false, status: 'tooManyAttempts' });
	});

	it('accepts one of 20 right codes sent at once; the 19 others are alreadyUsed', async () => {
		const workflowId = newWorkflowId();
		const saved: IDataObject = {};
		const { token, code } = await sendCode(fixture, {}, { staticData: saved, workflowId });
		const runs = await Promise.all(
			Array.from(
				{ length: 20 },
				async () =>
					await checkCodes(fixture, token, [code], { staticData: copyOf(saved), workflowId }),
			),
		);
		const statuses = statusesOf(runs);
		expect({
			valid: countOf(statuses, 'valid'),
			alreadyUsed: countOf(statuses, 'alreadyUsed'),
		}).toEqual({ valid: 1, alreadyUsed: 19 });
	});

	it('sends one code of 20 sends at once to one phone, and refuses the others without sending', async () => {
		const workflowId = newWorkflowId();
		const saved: IDataObject = {};
		fixture.sandbox.setFaults({ latencyMs: 20 });
		const runs = await sendsAtOnce(20, workflowId, saved, { phone: '+375 29 100-00-01' });
		const outputs = runs.map((run) => run.items[0].json);
		expect(outputs.filter((json) => typeof json.token === 'string')).toHaveLength(1);
		expect(outputs.filter((json) => /\(Resend Cooldown\)/.test(String(json.error)))).toHaveLength(
			19,
		);
		expect(fixture.sandbox.counters().messagesSent).toBe(1);
	});

	it('sends one code to each of 20 phones when 10 executions send to all 20 at once', async () => {
		const workflowId = newWorkflowId();
		const saved: IDataObject = {};
		const phones = Array.from({ length: 20 }, (_, index) => String(375291000100 + index));
		const runs = await sendsAtOnce(
			10,
			workflowId,
			saved,
			{ phone: '={{ $json.phone }}', options: { concurrency: 5 } },
			phones.map((phone) => ({ phone })),
		);
		const tokens = runs.flatMap((run) =>
			run.items.filter((item) => typeof item.json.token === 'string'),
		);
		expect(tokens).toHaveLength(20);
		const sent = fixture.sandbox.counters().sent.map((group) => group.phone);
		expect(sent.sort()).toEqual(phones);
	});
});

describe('Verification Code: static data from elsewhere is merged, never taken back', () => {
	/** Runs the send of `phone` in a workflow of its own and gives that workflow's stored verification state. */
	async function stateOfAnotherProcess(
		phone: string,
		cooldownSeconds: number,
	): Promise<IDataObject> {
		const elsewhere: IDataObject = {};
		await sendCode(
			fixture,
			{ phone, options: { resendCooldown: cooldownSeconds } },
			{ staticData: elsewhere },
		);
		return elsewhere;
	}

	it('takes the higher count of another process, and a lower copy later does not lower it', async () => {
		const workflowId = newWorkflowId();
		const saved: IDataObject = {};
		const { token, code } = await sendCode(fixture, {}, { staticData: saved, workflowId });
		const wrong = [wrongCodeFor(code)];
		const lowCopy = copyOf(saved);
		await checkCodes(fixture, token, wrong, { staticData: copyOf(saved), workflowId });

		// another process counted four wrong codes of the token
		const nonce = nonceOf(token);
		const expiry = Math.floor(Date.now() / 1000) + 600;
		const higher: IDataObject = {
			global: {
				messagingServiceVerification: { checks: { [nonce]: [4, 0, expiry] }, resends: {} },
			},
		};
		const fifth = await checkCodes(fixture, token, wrong, { staticData: higher, workflowId });
		expect(fifth.outputs[0]).toMatchObject({ status: 'wrongCode', attemptsLeft: 0 });
		const afterLow = await checkCodes(fixture, token, [code], { staticData: lowCopy, workflowId });
		expect(afterLow.outputs[0]).toMatchObject({ status: 'tooManyAttempts' });
	});

	it('takes a token used in another process as used', async () => {
		const workflowId = newWorkflowId();
		const { token, code } = await sendCode(fixture, {}, { staticData: {}, workflowId });
		const nonce = nonceOf(token);
		const expiry = Math.floor(Date.now() / 1000) + 600;
		const usedElsewhere: IDataObject = {
			global: {
				messagingServiceVerification: { checks: { [nonce]: [0, 1, expiry] }, resends: {} },
			},
		};
		const { outputs } = await checkCodes(fixture, token, [code], {
			staticData: usedElsewhere,
			workflowId,
		});
		expect(outputs[0]).toMatchObject({ valid: false, status: 'alreadyUsed' });
	});

	it('keeps the longer cooldown of another process', async () => {
		const workflowId = newWorkflowId();
		await sendCode(fixture, { phone: '375291000201' }, { staticData: {}, workflowId });
		// the same phone's cooldown as another process wrote it: an hour
		const longer = await stateOfAnotherProcess('375291000201', 3600);
		clockAhead(61_000);
		const refused = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendParams(fixture, { phone: '375291000201' }),
			staticData: copyOf(longer),
			workflowId,
		});
		expect(refused.error?.message).toMatch(/\(Resend Cooldown\)$/);
		expect(refused.error?.description).toMatch(/can be sent to this phone in 35\d\d s/);
		expect(fixture.sandbox.counters().messagesSent).toBe(2);
	});

	it('after a restart, counts on from the static data n8n saved', async () => {
		const saved: IDataObject = {};
		const workflowId = newWorkflowId();
		const { token, code } = await sendCode(fixture, {}, { staticData: saved, workflowId });
		await checkCodes(fixture, token, Array<string>(3).fill(wrongCodeFor(code)), {
			staticData: saved,
			workflowId,
		});
		// a process that has never run the workflow: nothing in memory, the static data as saved
		restartN8n();
		const { outputs } = await checkCodes(
			fixture,
			token,
			Array<string>(3).fill(wrongCodeFor(code)),
			{ staticData: copyOf(saved), workflowId },
		);
		expect(outputs.map((output) => [output.status, output.attemptsLeft])).toEqual([
			['wrongCode', 1],
			['wrongCode', 0],
			['tooManyAttempts', 0],
		]);
		restartN8n();
		const again = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendParams(fixture, {}),
			staticData: copyOf(saved),
			workflowId,
		});
		expect(again.error?.message).toMatch(/\(Resend Cooldown\)$/);
	});

	it('keeps at most 5,000 tokens in memory when copies from elsewhere bring more', async () => {
		const workflowId = newWorkflowId();
		const expiry = Math.floor(Date.now() / 1000) + 600;
		const copyWith = (prefix: string): IDataObject => {
			const checks = Object.fromEntries(
				Array.from({ length: 5000 }, (_, i) => [
					`${prefix}-${String(i).padStart(10, '0')}`,
					[1, 0, expiry],
				]),
			);
			return { global: { messagingServiceVerification: { checks, resends: {} } } };
		};
		const { token, code } = await sendCode(fixture, {}, { staticData: {}, workflowId });
		await checkCodes(fixture, token, ['0'], { staticData: copyWith('first'), workflowId });
		const last = copyWith('second');
		const { outputs } = await checkCodes(fixture, token, [code], { staticData: last, workflowId });
		expect(outputs[0]).toMatchObject({ status: 'tooManyAttempts' });
		expect(Object.keys(storedVerification(last).checks)).toHaveLength(5000);
	});
});

describe('Verification Code > Send: a send whose outcome is unknown keeps the cooldown', () => {
	it.each([
		[
			'a server error after sending (500)',
			{ rules: [{ apiMethod: 'sendOtpAppOne', kind: '500-after', count: 1 }] },
			{},
		],
		[
			'a connection cut after sending',
			{ rules: [{ apiMethod: 'sendOtpAppOne', kind: 'drop-after', count: 1 }] },
			{},
		],
		[
			'a timeout',
			{ rules: [{ apiMethod: 'sendOtpAppOne', kind: 'delay', delayMs: 3000, count: 1 }] },
			{ timeout: 1 },
		],
	])(
		'%s: the next send is refused, and the error says the cooldown stays',
		async (_, faults, options) => {
			const staticData: IDataObject = {};
			fixture.sandbox.setFaults(faults as Parameters<typeof fixture.sandbox.setFaults>[0]);
			const failed = await fixture.run({
				typeVersion: TOKEN_VERSION,
				parameters: sendParams(fixture, { options }),
				staticData,
			});
			expect(failed.error?.description).toMatch(
				/The code may have reached the phone, so its Resend Cooldown stays/,
			);
			const next = await fixture.run({
				typeVersion: TOKEN_VERSION,
				parameters: sendParams(fixture, {}),
				staticData,
			});
			expect(next.error?.message).toMatch(/\(Resend Cooldown\)$/);
			expect(
				fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendOtpAppOne'),
			).toHaveLength(1);
		},
	);

	it('a refusal of the service (400) releases it and says so; a copy saved before the release does not bring it back', async () => {
		const workflowId = newWorkflowId();
		const staticData: IDataObject = {};
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendOtpAppOne', kind: '400', count: 1 }] });
		const failed = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendParams(fixture, {}),
			staticData,
			workflowId,
		});
		expect(failed.error?.description).toMatch(
			/No code went out, so the Resend Cooldown of this phone was released/,
		);
		// the cooldown as another execution saved it while the send was under way
		const beforeRelease = copyOf(staticData);
		delete (storedVerification(beforeRelease) as { released?: IDataObject }).released;
		await sendCode(fixture, {}, { staticData: beforeRelease, workflowId });
		expect(fixture.sandbox.counters().messagesSent).toBe(1);
	});
});
