import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import type { RunNodeResult } from '../../harness/runNode';
import { callWebhook, EXECUTION_ID, waitingItems } from '../sendAndWait/waiting';
import { ResumeEndpoint } from './resumeEndpoint';
import { registerNodeType } from '../../harness/nodeTypes';
import { MessagingService } from '../../../nodes/MessagingService/MessagingService.node';

/** The type n8n makes of the node for an AI Agent's tools. */
const TOOL_TYPE = 'n8n-nodes-messaging-service.messagingServiceTool';
import { desks } from '../../../nodes/MessagingService/replyWait/processMemory';
import { claimedByWait } from '../../../nodes/MessagingService/replyWait/registry';

const fixture = useSandbox();
const endpoint = new ResumeEndpoint();
beforeAll(async () => await endpoint.start());
afterAll(async () => await endpoint.close());
beforeEach(() => endpoint.reset());
// the emulator hands out the same IDs again after its reset: a wait still marking its replies
// read would mark those of the next test
afterEach(async () => await waitFor(() => [...desks.values()].every((desk) => desk.size === 0)));

const PHONE = '375291234567';
/** Limit Wait Time: this many seconds. */
const limit = (seconds: number) => ({
	limitWaitTime: {
		values: { limitType: 'afterTimeInterval', resumeAmount: seconds, resumeUnit: 'seconds' },
	},
});
const HOUR = 3_600;

/** The question, with a Quiet Window of 1 s and a Limit Wait Time of an hour unless `options` says otherwise. */
const ask = ({ options, ...extra }: INodeParameters = {}) =>
	params(fixture.account, 'chatMessage', 'sendAndWaitForReply', {
		...extra,
		options: { quietWindowSeconds: 1, ...limit(HOUR), ...(options as INodeParameters) },
	});

async function askAndWait(parameters: INodeParameters, items?: IDataObject[]) {
	const run = await fixture.run({
		parameters,
		items,
		additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
	});
	expect(run.error).toBeUndefined();
	return run;
}

/** Asks PHONE, which answers `message`: the run, and the desk's POST that resumes it. */
async function askAndHear(parameters: INodeParameters, message: string) {
	const run = await askAndWait(parameters);
	const mailing = Number(waitingItems(run)[0].mailing);
	fixture.sandbox.injectReply(TEST_API_KEY, { message_id: mailing, phone: PHONE, message });
	const [post] = await endpoint.received(1);
	return { run, post };
}

/** The node's output once resumed by the desk's POST, through its webhook as n8n calls it. */
async function resumedOutput(
	run: RunNodeResult,
	parameters: INodeParameters,
	post: { url: string; body: IDataObject },
) {
	const query = Object.fromEntries(new URL(post.url, 'http://x').searchParams);
	const answer = await callWebhook(run, parameters, { method: 'POST', body: post.body, query });
	return answer.result.workflowData?.[0] ?? [];
}

describe('Chat Message > Send and Wait for Reply', () => {
	it('asks, waits, and resumes the execution with the burst of the reply once the phone is quiet; then marks it read', async () => {
		const parameters = ask();
		const run = await askAndWait(parameters);
		expect(run.run.status).toBe('waiting');
		const mailing = Number(waitingItems(run)[0].mailing);
		expect(mailing).toBeGreaterThan(0);
		const first = fixture.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: 'Yes',
		});
		await new Promise((resolve) => setTimeout(resolve, 400));
		const second = fixture.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: '3 pm is fine',
		});
		const [post] = await endpoint.received(1);
		expect(post.url).toMatch(new RegExp(`^/webhook-waiting/${EXECUTION_ID}/node-under-test\\?`));
		const output = await resumedOutput(run, parameters, post);
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output[0].json).toMatchObject({
			replied: true,
			phone: PHONE,
			mailing: String(mailing),
			text: 'Yes\n3 pm is fine',
			replies: [
				{ id: first.id, message: 'Yes' },
				{ id: second.id, message: '3 pm is fine' },
			],
		});
		// marked read once n8n took them, not before
		await waitFor(() =>
			fixture.sandbox.requests().some((request) => request.apiMethod === 'readResponseStatus'),
		);
		const mark = fixture.sandbox
			.requests()
			.find((request) => request.apiMethod === 'readResponseStatus')!;
		expect(String(mark.body?.incoming_messages).split(',').sort()).toEqual(
			[first.id, second.id].sort(),
		);
		expect(endpoint.posts).toHaveLength(1);
	});
});

describe('Chat Message > Send and Wait for Reply: no reply, and an execution n8n no longer holds', () => {
	it("no reply within the limit: resumed at the limit with replied false and the question's mailing", async () => {
		const parameters = ask({ options: limit(1.2) });
		const run = await askAndWait(parameters);
		const mailing = waitingItems(run)[0].mailing;
		const [post] = await endpoint.received(1);
		expect(post.at - Date.now()).toBeLessThan(5_000);
		const output = await resumedOutput(run, parameters, post);
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({ replied: false, timedOut: true, phone: PHONE, mailing }),
		]);
		// what n8n's own timer would pass on says the same
		expect(waitingItems(run)).toEqual([
			expect.objectContaining({ replied: false, timedOut: true, phone: PHONE, mailing }),
		]);
	});

	it('an execution not saved as waiting yet (409 "running") is resumed on a later try', async () => {
		endpoint.statuses = [
			{ status: 409, body: { message: 'The execution "4711" is running already.' } },
			{ status: 200, body: {} },
		];
		const run = await askAndWait(ask());
		const mailing = Number(waitingItems(run)[0].mailing);
		const reply = fixture.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: 'Yes',
		});
		const posts = await endpoint.received(2);
		expect(posts).toHaveLength(2);
		await waitFor(() => marked().includes(reply.id));
	});

	it('an execution resumed already (409 "finished") keeps nothing: the reply stays unread for the triggers', async () => {
		const phone = '375291000009';
		endpoint.statuses = [
			{ status: 409, body: { message: 'The execution "4711" has finished already.' } },
		];
		const run = await askAndWait(ask({ phone }));
		const mailing = Number(waitingItems(run)[0].mailing);
		const reply = fixture.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone,
			message: 'Yes',
		});
		await endpoint.received(1);
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(endpoint.posts).toHaveLength(1);
		expect(marked()).not.toContain(reply.id);
		expect(claimedByWait(accountKey(), phone, String(mailing), reply.id)).toBe(false);
	});
});

describe('Chat Message > Send and Wait for Reply: several items', () => {
	it('one question per phone; the execution goes on once every phone replied, each item with its own reply', async () => {
		const phones = ['375291000001', '375291000002', '375291000003'];
		const parameters = ask({ phone: '={{ $json.phone }}' });
		const run = await askAndWait(
			parameters,
			phones.map((phone) => ({ phone })),
		);
		const waiting = waitingItems(run);
		expect(waiting.map((item) => item.phone)).toEqual(phones);
		// written in another order than asked
		for (const index of [2, 0, 1])
			fixture.sandbox.injectReply(TEST_API_KEY, {
				message_id: Number(waiting[index].mailing),
				phone: phones[index],
				message: `answer ${index}`,
			});
		const [post] = await endpoint.received(1);
		const output = await resumedOutput(run, parameters, post);
		expect(output.map((item) => [item.pairedItem, item.json.phone, item.json.text])).toEqual(
			phones.map((phone, index) => [{ item: index }, phone, `answer ${index}`]),
		);
		expect(endpoint.posts).toHaveLength(1);
	});

	it('a phone Do Not Send To holds is not asked: its item says why, the others wait', async () => {
		const parameters = ask({
			phone: '={{ $json.phone }}',
			options: { doNotSendTo: '375291000002' },
		});
		const run = await askAndWait(parameters, [
			{ phone: '375291000001' },
			{ phone: '375291000002' },
		]);
		const waiting = waitingItems(run);
		expect(waiting[1]).toMatchObject({ sent: false });
		expect(
			fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendQuickChatMessage'),
		).toHaveLength(1);
		fixture.sandbox.injectReply(TEST_API_KEY, {
			message_id: Number(waiting[0].mailing),
			phone: '375291000001',
			message: 'ok',
		});
		const [post] = await endpoint.received(1);
		const output = await resumedOutput(run, parameters, post);
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({ replied: true, text: 'ok' }),
			expect.objectContaining({ sent: false }),
		]);
	});

	it('when no phone may be asked, nothing waits: the items say why at once', async () => {
		const run = await fixture.run({
			parameters: ask({ options: { doNotSendTo: PHONE } }),
			additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
		});
		expect(run.error).toBeUndefined();
		expect(run.run.waitTill).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([expect.objectContaining({ sent: false })]);
	});
});

describe('Chat Message > Send and Wait for Reply: consent', () => {
	it('a reply that opts out still resumes the execution, marked as the triggers mark it', async () => {
		const parameters = ask();
		const { run, post } = await askAndHear(parameters, 'STOP');
		const [item] = await resumedOutput(run, parameters, post);
		expect(item.json).toMatchObject({
			replied: true,
			text: 'STOP',
			optOut: true,
			consent: 'optOut',
		});
	});
});

describe('Chat Message > Send and Wait for Reply: Retry On Fail', () => {
	it('the third question refused once: the next try asks only that phone; each phone asked once, every item waits', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickChatMessage', kind: '400', after: 2, count: 1 }],
		});
		const phones = ['375291000011', '375291000012', '375291000013', '375291000014'];
		const run = await fixture.run({
			parameters: ask({ phone: '={{ $json.phone }}', options: limit(1.2) }),
			items: phones.map((phone) => ({ phone })),
			retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
			additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
		});
		expect(run.error).toBeUndefined();
		const accepted = fixture.sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendQuickChatMessage' && request.status === 200)
			.map((request) => request.body?.phone);
		expect(accepted.sort()).toEqual(phones);
		expect(waitingItems(run).map((item) => item.phone)).toEqual(phones);
		// one wait for the execution: one resume, with every phone
		const posts = await endpoint.received(1);
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(posts).toHaveLength(1);
		expect(
			(posts[0].body.messagingServiceReplies as IDataObject[]).map((answer) => answer.phone),
		).toEqual(phones);
	});
});

describe('Chat Message > Send and Wait for Reply: bad input is refused before anything is sent', () => {
	it.each([
		['a phone that is not one', { phone: 'call me' }, /Invalid Phone "call me" in item 0/],
		[
			'a limit of 0',
			{ options: limit(0) },
			/Invalid Amount "0" in item 0: how long to wait must be a number greater than 0/,
		],
		['a negative limit', { options: limit(-5) }, /Invalid Amount "-5" in item 0/],
		[
			'a limit in the past',
			{
				options: {
					limitWaitTime: {
						values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T10:00:00Z' },
					},
				},
			},
			/Invalid Max Date and Time "2020-01-01T10:00:00Z" in item 0: the time is already past/,
		],
		[
			'an unknown unit',
			{
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'weeks' },
					},
				},
			},
			/Invalid Unit "weeks" in item 0/,
		],
		[
			'an unknown Which Reply Counts',
			{ options: { whichReply: 'lastMessage' } },
			/Invalid Which Reply Counts "lastMessage" in item 0/,
		],
	])('%s', async (_title, extra, message) => {
		const run = await fixture.run({
			parameters: ask(extra as INodeParameters),
			additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
		});
		expect(run.error?.message).toMatch(message);
		expect(fixture.sandbox.requests()).toEqual([]);
		expect(run.run.waitTill).toBeUndefined();
	});

	it('two items on one phone: the second is refused, naming the first, and nothing is sent', async () => {
		const run = await fixture.run({
			parameters: ask({ phone: '={{ $json.phone }}' }),
			items: [{ phone: '+375 29 123-45-67' }, { phone: '375291234567' }],
			additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
		});
		expect(run.error?.message).toMatch(
			/Invalid Phone "375291234567" in item 1: item 0 asks this phone already/,
		);
		expect(fixture.sandbox.requests()).toEqual([]);
		expect(claimedByWait(accountKey(), PHONE, '1', 'any')).toBe(false);
	});
});

describe('Chat Message > Send and Wait for Reply as an AI Agent tool', () => {
	it('is refused before anything is sent, pointing to the Chat Trigger', async () => {
		registerNodeType(TOOL_TYPE, new MessagingService());
		const run = await fixture.run({
			nodeType: TOOL_TYPE,
			typeVersion: 3,
			parameters: ask(),
			additionalData: { executionId: EXECUTION_ID, webhookWaitingBaseUrl: endpoint.baseUrl },
		});
		expect(run.error?.message).toBe('Send and Wait for Reply does not run as an AI Agent tool');
		expect(run.error?.description).toMatch(/Chat Trigger/);
		expect(fixture.sandbox.requests()).toEqual([]);
	});
});

describe('Chat Message > Send and Wait for Reply: secrets', () => {
	it("neither the API key nor the resume URL is in the output, the waiting items or the desk's POST", async () => {
		const parameters = ask();
		const { run, post } = await askAndHear(parameters, 'yes');
		const output = await resumedOutput(run, parameters, post);
		const seen = JSON.stringify([run.run.data, post.body, output]);
		expect(seen).not.toContain(TEST_API_KEY);
		expect(seen).not.toContain('webhook-waiting');
	});

	it('a POST without the token of the execution is refused and resumes nothing', async () => {
		const parameters = ask({ options: limit(1.2) });
		const run = await askAndWait(parameters);
		const answer = await callWebhook(run, parameters, {
			method: 'POST',
			body: {
				messagingServiceReplies: [
					{ item: 0, phone: PHONE, replies: [{ id: '1', message: 'forged' }] },
				],
			},
			query: {},
		});
		expect(answer.status).toBe(403);
		expect(answer.result.workflowData).toBeUndefined();
		// the desk's own POST at the limit carries the token
		const [post] = await endpoint.received(1);
		expect(post.url).toMatch(/[?&](signature|token)=[^&]{20,}/);
	});
});

/** The reply IDs the service was told to mark read. */
function marked(): string[] {
	return fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod === 'readResponseStatus')
		.flatMap((request) => String(request.body?.incoming_messages).split(','));
}

/** The account as the package keys it: the credential's base URL and API key. */
function accountKey(): string {
	return `${fixture.sandbox.url} ${TEST_API_KEY}`;
}

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
	const until = Date.now() + ms;
	while (!condition()) {
		if (Date.now() > until) throw new Error('condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
