/**
 * n8n's Retry On Fail runs the node again after an error in the same execution: the message with
 * the link must not go out again when the first try's outcome is unknown (actions/itemLedger.ts).
 */
import { useSandbox } from '../../harness/sandbox';
import { waitingAdditionalData } from './waiting';

const fixture = useSandbox();

function sendAndWaitSms() {
	return fixture.run({
		parameters: {
			resource: 'sms',
			operation: 'sendAndWait',
			phone: '375291234567',
			message: 'Approve the refund?',
			senderNameId: String(fixture.account.alphanameIds[0]),
		},
		additionalData: waitingAdditionalData,
		retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
	});
}

const sends = () => fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendQuickSMS');

describe('Send and Wait for Response with Retry On Fail (3 tries)', () => {
	it('a send answered 500 after it was processed is not sent again by the next tries; the error says it may have been sent', async () => {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after', count: 1 }] });
		const { error, run } = await sendAndWaitSms();
		expect(error?.message).toMatch(/unavailable \(500\)/);
		expect(error?.description).toMatch(/may have been sent/);
		expect(error?.description).toMatch(/not sent again by Retry On Fail/);
		expect(sends()).toHaveLength(1);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
		expect(run.waitTill).toBeUndefined();
	});

	it('a send refused before it was processed (400) is sent by the next try, once, and the execution waits', async () => {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '400', count: 1 }] });
		const { error, run } = await sendAndWaitSms();
		expect(error).toBeUndefined();
		expect(sends()).toHaveLength(2);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
		expect(run.waitTill).toBeInstanceOf(Date);
	});
});
