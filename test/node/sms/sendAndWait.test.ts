import type { INodeParameters } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { itRefusesBeforeWaiting } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { byId, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import {
	hasValidSignature,
	runWithResumeLink,
	SIGNED_LINK,
	timedOutItem,
	waitingAdditionalData,
} from '../sendAndWait/waiting';

const fixture = useSandbox();
const QUESTION = 'Approve the refund of 20 EUR?';

/** The question the tests read back, to a phone written as people write it. */
const sendAndWait = (extra: INodeParameters = {}) =>
	params(fixture.account, 'sms', 'sendAndWait', {
		phone: '+375 29 123-45-67',
		message: QUESTION,
		...extra,
	});

describe('SMS > Send and Wait for Response: the message and the wait', () => {
	it('sends one sendQuickSMS whose text ends with the signed link, then the execution waits', async () => {
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait(),
			items: [{ order: 1 }, { order: 2 }],
		});
		expect(run.error).toBeUndefined();

		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ apiMethod: 'sendQuickSMS', status: 200 });
		const [question, link] = String(requests[0].query.message).split('\n');
		expect(question).toBe(QUESTION);
		expect(link).toMatch(SIGNED_LINK);
		expect(hasValidSignature(link)).toBe(true);
		expect(requests[0].query.phone).toBe('375291234567');

		expect(run.run.status).toBe('waiting');
		expect(run.run.waitTill).toEqual(WAIT_INDEFINITELY);
		// While it waits, the node shows its input, each item paired to itself.
		expect(run.items.map((item) => item.json)).toEqual([{ order: 1 }, { order: 2 }]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(timedOutItem(run)).toMatchObject({
			data: { timedOut: true, approved: false },
			question: QUESTION,
		});
	});

	it('goes through Send, so its checks and options apply (forwarding to a chat app)', async () => {
		const chatnameId = String(fixture.account.chatnameIds[0]);
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({ options: { forwarding: true, forwardingTime: 10, chatnameId } }),
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request.body).toEqual({
			forwarding_message: '1',
			forwarding_time: '10',
			chatname_id: chatnameId,
		});
	});

	it('a template as the question sends the template text with the link', async () => {
		const templateId = fixture.account.templateIds[0];
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({ messageFrom: 'template', messageTemplate: byId(templateId) }),
		});
		expect(run.error).toBeUndefined();
		const send = fixture.sandbox.requests().find((request) => request.apiMethod === 'sendQuickSMS');
		const [question, link] = String(send?.query.message).split('\n');
		expect(question.length).toBeGreaterThan(0);
		expect(link).toMatch(SIGNED_LINK);
		expect(timedOutItem(run)?.question).toBe(question);
	});

	it('Limit Wait Time: an interval sets when the wait ends, and the timed-out item says until when', async () => {
		const before = Date.now();
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({
				responseType: 'freeText',
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' },
					},
				},
			}),
		});
		expect(run.error).toBeUndefined();
		const waitTill = new Date(run.run.waitTill!).getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
		expect(waitTill).toBeLessThan(before + 2 * 3_600_000 + 600_000);
		// Free text: no "approved" in the timed-out item.
		expect(timedOutItem(run)).toEqual({
			data: { timedOut: true, waitedUntil: new Date(waitTill).toISOString() },
			question: QUESTION,
		});
	});

	it("Limit Wait Time: a date without a zone is read in the workflow's time zone", async () => {
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({
				options: {
					limitWaitTime: {
						values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2999-06-01T12:00:00' },
					},
				},
			}),
			timezone: 'Europe/Minsk',
		});
		expect(run.error).toBeUndefined();
		expect(new Date(run.run.waitTill!).toISOString()).toBe('2999-06-01T09:00:00.000Z');
	});

	it('Continue On Fail: a send the service refuses becomes an error item and nothing waits', async () => {
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({ senderNameId: '999999' }),
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.run.status).not.toBe('waiting');
		expect(run.run.waitTill).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json.error).toEqual(expect.any(String));
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.stringify(run.items)).not.toContain(TEST_API_KEY);
	});

	it.each([1, 100, 10_000])(
		'%i input items: one message (to the first item), and the items wait, each paired',
		async (count) => {
			const items = Array.from({ length: count }, (_, index) => ({
				index,
				phone: `37529${String(1_000_000 + index)}`,
			}));
			const run = await runWithResumeLink(fixture, {
				parameters: sendAndWait({ phone: '={{ $json.phone }}' }),
				items,
			});
			expect(run.error).toBeUndefined();
			const requests = fixture.sandbox.requests();
			expect(requests).toHaveLength(1);
			expect(requests[0].query.phone).toBe('375291000000');
			expect(run.run.status).toBe('waiting');
			expect(run.items).toHaveLength(count);
			expect(run.items[count - 1]).toEqual({
				json: items[count - 1],
				pairedItem: { item: count - 1 },
			});
		},
	);

	it('a key pasted into the question is not kept with the wait', async () => {
		const run = await runWithResumeLink(fixture, {
			parameters: sendAndWait({ message: `Approve? ${TEST_API_KEY}` }),
		});
		expect(run.error).toBeUndefined();
		expect(timedOutItem(run)?.question).toBe('Approve? ***');
	});
});

describe('SMS > Send and Wait for Response: bad input is refused before anything is sent', () => {
	itRefusesBeforeWaiting(fixture, badInputTable.sendAndWait.sms, waitingAdditionalData);
});
