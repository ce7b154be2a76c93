/**
 * What validation lets through: a real leap day, a past schedule time (with a warning), phones
 * written as people write them, whole emoji, reply IDs as strings. What it refuses (impossible
 * dates, half an emoji, a reply ID that holds a comma) is in the bad-input cases of the operation
 * (test/node/<resource>/<operation>.cases.ts).
 */
import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const smsToList = async (sendAt: string) =>
	await fixture.run({ parameters: params(fixture.account, 'sms', 'sendToList', { sendAt }) });
const sms = (overrides: INodeParameters) => params(fixture.account, 'sms', 'send', overrides);

describe('dates', () => {
	it('accepts a real leap day', async () => {
		const { error } = await smsToList('2028-02-29 10:00');
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ d_schedule: '2028-02-29 10:00' });
	});

	it('sends a schedule time in the past with a warning in the output pane (the mailing still waits for confirmation)', async () => {
		const { error, run } = await smsToList('2020-01-01 10:00');
		expect(error).toBeUndefined();
		const hints = run.data.resultData.runData['Messaging Service'][0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(/Send At 2020-01-01 10:00 of item 0 is in the past/),
		]);
	});
});

describe('phones', () => {
	it.each(['+00375291234567', '00375291234567', '+375 29 123-45-67'])(
		'"%s" is sent as 375291234567',
		async (phone) => {
			const { error } = await fixture.run({
				parameters: sms({ phone }),
			});
			expect(error).toBeUndefined();
			expect(fixture.sandbox.requests()[0].query.phone).toBe('375291234567');
		},
	);
});

describe('texts that are not valid Unicode', () => {
	it('a whole emoji is sent as it is', async () => {
		const { error } = await fixture.run({
			parameters: sms({ message: 'Hello 😀' }),
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].query.message).toBe('Hello 😀');
	});
});

describe('reply IDs', () => {
	it('are taken as the strings the spec says they are', async () => {
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'reply', 'markAsRead', { replyIds: 'r-1, r_2' }),
		});
		expect(`${error?.message}`).not.toMatch(/Invalid Reply IDs/);
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ incoming_messages: 'r-1,r_2' });
	});
});
