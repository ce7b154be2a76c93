import { ExecuteContext } from 'n8n-core';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { callWebhook, runWithResumeLink, timedOutItem } from './waiting';

const fixture = useSandbox();

/** n8n before 1.1xx: the engine gives a node no getSignedResumeUrl (removed for these tests, then put back). */
function withoutSignedResumeUrl(): void {
	let owner: object | null = ExecuteContext.prototype;
	while (owner && !Object.prototype.hasOwnProperty.call(owner, 'getSignedResumeUrl'))
		owner = Object.getPrototypeOf(owner) as object | null;
	if (!owner) throw new Error('n8n-core has no getSignedResumeUrl to remove');
	const holder = owner as { getSignedResumeUrl?: unknown };
	const original = holder.getSignedResumeUrl;
	beforeAll(() => delete holder.getSignedResumeUrl);
	afterAll(() => (holder.getSignedResumeUrl = original));
}

const UNSIGNED_LINK =
	/^https:\/\/n8n\.example\.com\/webhook-waiting\/4711\/node-under-test\?token=([A-Za-z0-9_-]{32})$/;

async function waitingRun() {
	const parameters = params(fixture.account, 'sms', 'sendAndWait', {
		phone: '+375 29 123-45-67',
		message: 'Approve the refund?',
	});
	const run = await runWithResumeLink(fixture, { parameters });
	expect(run.error).toBeUndefined();
	expect(run.run.status).toBe('waiting');
	const [, link] = String(fixture.sandbox.requests()[0].query.message).split('\n');
	return { run, parameters, link };
}

describe('Send and Wait for Response on an n8n that signs no resume links (1.100 and older 1.x)', () => {
	withoutSignedResumeUrl();

	it("sends n8n's waiting URL and the node's id with a random 32-character token, kept with the waiting item", async () => {
		const first = await waitingRun();
		const [, token] = UNSIGNED_LINK.exec(first.link) ?? [];
		expect(token).toBeDefined();
		expect(timedOutItem(first.run)).toMatchObject({
			question: 'Approve the refund?',
			linkToken: token,
		});
		fixture.sandbox.clearRequests();
		const second = await waitingRun();
		expect(second.link).not.toBe(first.link);
	});

	it('the page and the answer need the whole link: without the token, or with another, nothing is shown or decided', async () => {
		const { run, parameters, link } = await waitingRun();
		const token = new URL(link).searchParams.get('token');
		for (const query of [
			{},
			{ token: 'x'.repeat(32) },
			{ token: `${token}x` },
			{ token: [token, token] },
		]) {
			const page = await callWebhook(run, parameters, { method: 'GET', query });
			expect(page.status).toBe(403);
			expect(page.html).toContain('open the whole link from the message');
			const answer = await callWebhook(run, parameters, {
				method: 'POST',
				body: { approved: 'true' },
				query,
			});
			expect(answer.status).toBe(403);
			expect(answer.result.workflowData).toBeUndefined();
		}
		const page = await callWebhook(run, parameters, { method: 'GET', query: { token } });
		expect(page.status).toBe(200);
		expect(page.html).toContain('Approve the refund?');
		const answer = await callWebhook(run, parameters, {
			method: 'POST',
			body: { approved: 'true' },
			query: { token },
		});
		expect(answer.result.workflowData![0][0].json).toEqual({
			data: { approved: true, respondedAt: expect.any(String) },
		});
	});
});
