/**
 * Bad input is refused before anything is sent, naming field, value and item: impossible dates,
 * texts that are not valid Unicode, reply IDs that the comma-separated parameter cannot carry.
 */
import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const smsToList = async (sendAt: string) => await fixture.run({ parameters: params(fixture.account, 'sms', 'sendToList', { sendAt }) });
const chatToList = async (sendAt: string) =>
	await fixture.run({ parameters: params(fixture.account, 'chatMessage', 'sendToList', { options: { sendAt } }) });
const sms = (overrides: INodeParameters) => params(fixture.account, 'sms', 'send', overrides);

describe('dates', () => {
	it.each(['2026-02-30 25:61', '2026-02-30T10:00:00', '2026-13-45', '2026-13-45 10:00', '2027-02-29 10:00', '2026-04-31 23:59'])(
		'SMS Send to List refuses "%s" before sending anything',
		async (sendTime) => {
			const { error } = await smsToList(sendTime);
			expect(error?.message).toContain(`Invalid Send At "${sendTime}" in item 0`);
			expect(fixture.sandbox.requests()).toHaveLength(0);
		},
	);

	it.each(['2026-02-30 25:61', '2026-13-45'])('Chat Message Send to List refuses "%s" before sending anything', async (sendAt) => {
		const { error } = await chatToList(sendAt);
		expect(error?.message).toContain(`Invalid Send At "${sendAt}" in item 0`);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

	it('accepts a real leap day', async () => {
		const { error } = await smsToList('2028-02-29 10:00');
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ d_schedule: '2028-02-29 10:00' });
	});

	it('sends a schedule time in the past with a warning in the output pane (the mailing still waits for confirmation)', async () => {
		const { error, run } = await smsToList('2020-01-01 10:00');
		expect(error).toBeUndefined();
		const hints = run.data.resultData.runData['Messaging Service'][0].hints ?? [];
		expect(hints.map((hint) => hint.message)).toEqual([expect.stringMatching(/Send At 2020-01-01 10:00 of item 0 is in the past/)]);
	});
});

describe('phones', () => {
	it.each(['+00375291234567', '00375291234567', '+375 29 123-45-67'])('"%s" is sent as 375291234567', async (phone) => {
		const { error } = await fixture.run({
			parameters: sms({ phone }),
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].query.phone).toBe('375291234567');
	});
});

describe('texts that are not valid Unicode', () => {
	it('an emoji cut in half by an expression is refused, naming the field and the item; nothing is sent', async () => {
		const { error } = await fixture.run({
			parameters: sms({ message: '={{ $json.text.slice(0, 7) }}' }),
			items: [{ text: 'Hello 😀 world' }, { text: 'Hello 😀 world' }],
		});
		expect(error?.message).toMatch(/^Invalid (Message|text in "message") ".*" in item 0: it is not valid Unicode/);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

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
		const { error } = await fixture.run({ parameters: params(fixture.account, 'reply', 'markAsRead', { replyIds: 'r-1, r_2' }) });
		expect(`${error?.message}`).not.toMatch(/Invalid Reply IDs/);
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ incoming_messages: 'r-1,r_2' });
	});

	it('one that holds a comma (from a list in an expression) is refused before sending', async () => {
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'reply', 'markAsRead', { replyIds: '={{ $json.ids }}' }),
			items: [{ ids: ['40000001', '40000002,40000003'] }],
		});
		expect(error?.message).toMatch(/Invalid Reply IDs .* in item 0: the ID "40000002,40000003" holds a comma/);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});
