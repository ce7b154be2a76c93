import type { IDataObject } from 'n8n-workflow';

import { desks } from '../../../nodes/MessagingService/replyWait/processMemory';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { waitingItems } from '../sendAndWait/waiting';
import { ResumeEndpoint } from './resumeEndpoint';

// hang detector, with room for a machine ten times slower
jest.setTimeout(900_000);

const fixture = useSandbox();
const endpoint = new ResumeEndpoint();
beforeAll(async () => await endpoint.start());
afterAll(async () => await endpoint.close());
beforeEach(() => endpoint.reset());

const phoneOf = (n: number) => `3752960${String(n).padStart(5, '0')}`;

/** `count` executions, each asking its own phone and waiting; returns each one's question mailing. */
async function waitingExecutions(
	count: number,
	perMinute: number,
	limitMinutes = 60,
): Promise<number[]> {
	const mailings: number[] = new Array<number>(count);
	for (let start = 0; start < count; start += 50) {
		await Promise.all(
			Array.from({ length: Math.min(50, count - start) }, async (_, offset) => {
				const n = start + offset;
				const run = await fixture.run({
					parameters: params(fixture.account, 'chatMessage', 'sendAndWaitForReply', {
						phone: phoneOf(n),
						options: {
							quietWindowSeconds: 1,
							maxRequestsPerMinute: perMinute,
							limitWaitTime: {
								values: {
									limitType: 'afterTimeInterval',
									resumeAmount: limitMinutes,
									resumeUnit: 'minutes',
								},
							},
						},
					}),
					additionalData: { executionId: `exec-${n}`, webhookWaitingBaseUrl: endpoint.baseUrl },
				});
				expect(run.error).toBeUndefined();
				mailings[n] = Number(waitingItems(run)[0].mailing);
			}),
		);
	}
	return mailings;
}

const reads = () =>
	fixture.sandbox.requests().filter((request) => request.apiMethod === 'getNewIncomingMessages');

async function until(condition: () => boolean, ms: number): Promise<void> {
	const deadline = Date.now() + ms;
	while (!condition() && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('Send and Wait for Reply at scale', () => {
	// first: the budget is the account's, over the last minute, so the reads of the test at scale would count
	it('Max Requests per Minute holds for all the waits of the account together, however many', async () => {
		const perMinute = 60;
		// 40 new questions would want a read each every 2 s: 1,200 a minute; each waits 20 s
		await waitingExecutions(40, perMinute, 1 / 3);
		await until(() => endpoint.posts.length >= 40, 120_000);
		expect(reads().length).toBeGreaterThan(20);
		expect(reads().length).toBeLessThanOrEqual(perMinute);
		// every wait ended at its limit with "no reply", none lost for want of reads
		expect(
			endpoint.posts.map((post) => (post.body.messagingServiceReplies as IDataObject[])[0].replies),
		).toEqual(Array.from({ length: 40 }, () => []));
	});

	it('one question nobody answers costs a read every 2 s in its first minute (30 requests a minute at most)', async () => {
		// a limit of 10 s
		await waitingExecutions(1, 300, 1 / 6);
		await until(() => endpoint.posts.length >= 1, 60_000);
		expect(reads().length).toBeGreaterThanOrEqual(4);
		expect(reads().length).toBeLessThanOrEqual(6);
	});

	it('1,000 executions waiting on 1,000 phones, replies in bursts: each burst reaches its own execution once, all marked read', async () => {
		const count = 1_000;
		const mailings = await waitingExecutions(count, 30_000);
		// each phone writes one to three messages, all phones at about the same time
		const written = new Map<number, string[]>();
		for (let n = 0; n < count; n++) {
			const texts = Array.from({ length: 1 + (n % 3) }, (_, part) => `phone ${n} part ${part}`);
			written.set(n, []);
			for (const message of texts) {
				const { id } = fixture.sandbox.injectReply(TEST_API_KEY, {
					message_id: mailings[n],
					phone: phoneOf(n),
					message,
				});
				written.get(n)!.push(id);
			}
		}
		await until(() => endpoint.posts.length >= count, 600_000);
		await until(() => [...desks.values()].every((desk) => desk.size === 0), 60_000);

		const byExecution = new Map<string, IDataObject[]>();
		for (const post of endpoint.posts) {
			const execution = /\/webhook-waiting\/(exec-\d+)\//.exec(post.url)![1];
			expect(byExecution.has(execution)).toBe(false);
			byExecution.set(execution, post.body.messagingServiceReplies as IDataObject[]);
		}
		expect(byExecution.size).toBe(count);
		for (let n = 0; n < count; n++) {
			const [answer] = byExecution.get(`exec-${n}`)!;
			expect(answer.phone).toBe(phoneOf(n));
			expect((answer.replies as IDataObject[]).map((reply) => reply.id)).toEqual(written.get(n));
		}
		const marked = fixture.sandbox
			.requests()
			.filter((request) => request.apiMethod === 'readResponseStatus')
			.flatMap((request) => String(request.body?.incoming_messages).split(','));
		const allWritten = [...written.values()].flat();
		expect(new Set(marked).size).toBe(marked.length);
		expect(marked.sort()).toEqual(allWritten.sort());
	});
});
