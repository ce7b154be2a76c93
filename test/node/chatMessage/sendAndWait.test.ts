import type { INodeParameters } from 'n8n-workflow';

import { itRefusesBeforeWaiting } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import {
	runWithResumeLink,
	SIGNED_LINK,
	timedOutItem,
	waitingAdditionalData,
} from '../sendAndWait/waiting';

const fixture = useSandbox();
const QUESTION = 'Approve the batch of 1,200 messages?';

const sendAndWait = (extra: INodeParameters = {}) =>
	params(fixture.account, 'chatMessage', 'sendAndWait', { message: QUESTION, ...extra });

/** n8n's link: 64-character signature, execution id and node id after the waiting URL. */
const LONG_WAITING_URL = {
	...waitingAdditionalData,
	webhookWaitingBaseUrl: 'https://automation.example-company.com:5678/webhook-waiting',
};

describe('Chat Message > Send and Wait for Response: the message and the wait', () => {
	it("a BUTTON message whose button opens the page; the caption is the user's", async () => {
		const run = await runWithResumeLink(fixture, { parameters: sendAndWait() });
		expect(run.error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ apiMethod: 'sendQuickChatMessage', status: 200 });
		expect(requests[0].body).toMatchObject({
			type_message: 'BUTTON',
			button: 'Answer',
			phone: '375291234567',
		});
		expect(String(requests[0].body?.button_link)).toMatch(SIGNED_LINK);
		expect(requests[0].body).not.toHaveProperty('message');
		expect(run.run.status).toBe('waiting');
		expect(timedOutItem(run)?.question).toBe(QUESTION);
	});

	it('a TEXT message gets the link on a new line', async () => {
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({ messageType: 'TEXT' }),
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request.body).toMatchObject({ type_message: 'TEXT' });
		const [question, link] = String(request.body?.message).split('\n');
		expect(question).toBe(QUESTION);
		expect(link).toMatch(SIGNED_LINK);
	});

	it('the link and the wait never carry the API key', async () => {
		const run = await runWithResumeLink(fixture, { parameters: sendAndWait() });
		expect(JSON.stringify(run.run.data)).not.toContain(TEST_API_KEY);
		expect(String(fixture.sandbox.requests()[0].body?.button_link)).not.toContain(TEST_API_KEY);
	});
});

describe('Chat Message > Send and Wait for Response: bad input is refused before anything is sent', () => {
	itRefusesBeforeWaiting(fixture, badInputTable.sendAndWait.chatMessage, waitingAdditionalData);

	it('a button link longer than 150 characters is refused, naming its length and what to do', async () => {
		const run = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendAndWait'),
			additionalData: LONG_WAITING_URL,
		});
		expect(run.error?.message).toMatch(
			/Invalid Message Type "Button" in item 0: the response link of this n8n has 1\d\d characters and a button link may have at most 150; choose the message type Text/,
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('the same long link is sent in a Text message', async () => {
		const run = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendAndWait', { messageType: 'TEXT' }),
			additionalData: LONG_WAITING_URL,
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(String(request.body?.message).split('\n')[1].length).toBeGreaterThan(150);
	});
});
