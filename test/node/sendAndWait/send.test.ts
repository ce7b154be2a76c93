import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { hasValidSignature, timedOutItem, waitingAdditionalData } from './waiting';

const fixture = useSandbox();
const LINK = /^https:\/\/n8n\.example\.com\/webhook-waiting\/4711\/node-under-test\?signature=[0-9a-f]{64}$/;

function smsParameters(extra: Record<string, unknown> = {}) {
	return {
		resource: 'sms',
		operation: 'sendAndWait',
		phone: '+375 29 123-45-67',
		message: 'Approve the refund of 20 EUR?',
		senderNameId: String(fixture.account.alphanameIds[0]),
		...extra,
	};
}

function chatParameters(extra: Record<string, unknown> = {}) {
	return {
		resource: 'chatMessage',
		operation: 'sendAndWait',
		chatnameId: String(fixture.account.chatnameIds[0]),
		phone: '375291234567',
		message: 'Approve the batch of 1,200 messages?',
		buttonCaption: 'Answer',
		...extra,
	};
}

describe('Send and Wait for Response: the message and the wait', () => {
	it('SMS: sends one sendQuickSMS whose text ends with the signed link, then the execution waits', async () => {
		const run = await fixture.run({
			parameters: smsParameters(),
			items: [{ order: 1 }, { order: 2 }],
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();

		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ apiMethod: 'sendQuickSMS', status: 200 });
		const [question, link] = String(requests[0].query.message).split('\n');
		expect(question).toBe('Approve the refund of 20 EUR?');
		expect(link).toMatch(LINK);
		expect(hasValidSignature(link)).toBe(true);
		expect(requests[0].query.phone).toBe('375291234567');

		expect(run.run.status).toBe('waiting');
		expect(run.run.waitTill).toEqual(WAIT_INDEFINITELY);
		// While it waits, the node shows its input, each item paired to itself.
		expect(run.items.map((item) => item.json)).toEqual([{ order: 1 }, { order: 2 }]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(timedOutItem(run)).toMatchObject({ data: { timedOut: true, approved: false }, question: 'Approve the refund of 20 EUR?' });
	});

	it('SMS: goes through Send, so its checks and options apply (forwarding to a chat app)', async () => {
		const chatnameId = String(fixture.account.chatnameIds[0]);
		const run = await fixture.run({
			parameters: smsParameters({ options: { forwarding: true, forwardingTime: 10, chatnameId } }),
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request.body).toEqual({ forwarding_message: '1', forwarding_time: '10', chatname_id: chatnameId });
	});

	it('SMS: a template as the question sends the template text with the link', async () => {
		const templateId = fixture.account.templateIds[0];
		const run = await fixture.run({
			parameters: smsParameters({ messageFrom: 'template', messageTemplate: { __rl: true, mode: 'id', value: String(templateId) } }),
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		const send = fixture.sandbox.requests().find((request) => request.apiMethod === 'sendQuickSMS');
		const [question, link] = String(send?.query.message).split('\n');
		expect(question.length).toBeGreaterThan(0);
		expect(link).toMatch(LINK);
		expect(timedOutItem(run)?.question).toBe(question);
	});

	it('chat: a BUTTON message whose button opens the page; the caption is the user\'s', async () => {
		const run = await fixture.run({ parameters: chatParameters(), additionalData: waitingAdditionalData });
		expect(run.error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ apiMethod: 'sendQuickChatMessage', status: 200 });
		expect(requests[0].body).toMatchObject({ type_message: 'BUTTON', button: 'Answer', phone: '375291234567' });
		expect(String(requests[0].body?.button_link)).toMatch(LINK);
		expect(requests[0].body).not.toHaveProperty('message');
		expect(run.run.status).toBe('waiting');
		expect(timedOutItem(run)?.question).toBe('Approve the batch of 1,200 messages?');
	});

	it('chat: a TEXT message gets the link on a new line', async () => {
		const run = await fixture.run({ parameters: chatParameters({ messageType: 'TEXT' }), additionalData: waitingAdditionalData });
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request.body).toMatchObject({ type_message: 'TEXT' });
		const [question, link] = String(request.body?.message).split('\n');
		expect(question).toBe('Approve the batch of 1,200 messages?');
		expect(link).toMatch(LINK);
	});

	it('Limit Wait Time: an interval sets when the wait ends, and the timed-out item says until when', async () => {
		const before = Date.now();
		const run = await fixture.run({
			parameters: smsParameters({
				responseType: 'freeText',
				options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } },
			}),
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		const waitTill = new Date(run.run.waitTill!).getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
		expect(waitTill).toBeLessThan(before + 2 * 3_600_000 + 600_000);
		// Free text: no "approved" in the timed-out item.
		expect(timedOutItem(run)).toEqual({
			data: { timedOut: true, waitedUntil: new Date(waitTill).toISOString() },
			question: 'Approve the refund of 20 EUR?',
		});
	});

	it('Limit Wait Time: a date without a zone is read in the workflow\'s time zone', async () => {
		const run = await fixture.run({
			parameters: smsParameters({
				options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2999-06-01T12:00:00' } } },
			}),
			timezone: 'Europe/Minsk',
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		expect(new Date(run.run.waitTill!).toISOString()).toBe('2999-06-01T09:00:00.000Z');
	});

	it('Continue On Fail: a send the service refuses becomes an error item and nothing waits', async () => {
		const run = await fixture.run({
			parameters: smsParameters({ senderNameId: '999999' }),
			continueOnFail: true,
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		expect(run.run.status).not.toBe('waiting');
		expect(run.run.waitTill).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json.error).toEqual(expect.any(String));
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.stringify(run.items)).not.toContain(TEST_API_KEY);
	});

	it.each([1, 100, 10_000])('%i input items: one message (to the first item), and the items wait, each paired', async (count) => {
		const items = Array.from({ length: count }, (_, index) => ({ index, phone: `37529${String(1_000_000 + index)}` }));
		const run = await fixture.run({ parameters: smsParameters({ phone: '={{ $json.phone }}' }), items, additionalData: waitingAdditionalData });
		expect(run.error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query.phone).toBe('375291000000');
		expect(run.run.status).toBe('waiting');
		expect(run.items).toHaveLength(count);
		expect(run.items[count - 1]).toEqual({ json: items[count - 1], pairedItem: { item: count - 1 } });
	});

	it('a key pasted into the question is not kept with the wait', async () => {
		const run = await fixture.run({
			parameters: smsParameters({ message: `Approve? ${TEST_API_KEY}` }),
			additionalData: waitingAdditionalData,
		});
		expect(run.error).toBeUndefined();
		expect(timedOutItem(run)?.question).toBe('Approve? ***');
	});

	it('the link and the wait never carry the API key', async () => {
		const run = await fixture.run({ parameters: chatParameters(), additionalData: waitingAdditionalData });
		expect(JSON.stringify(run.run.data)).not.toContain(TEST_API_KEY);
		expect(String(fixture.sandbox.requests()[0].body?.button_link)).not.toContain(TEST_API_KEY);
	});
});
