import { TEST_API_KEY } from '../../harness/keys';
import { useDeliverySandbox } from './fixture';

const t = useDeliverySandbox();

describe('Delivery Trigger: bad settings are refused with the field and the value, changing nothing', () => {
	it.each([
		[
			{ events: ['read', 'timedOut'], timeLimit: 0 },
			'Time Limit (Minutes) must be a number of at least 1, not 0',
		],
		[
			{ events: ['timedOut'], timeLimit: -5 },
			'Time Limit (Minutes) must be a number of at least 1, not -5',
		],
		[
			{ events: ['timedOut'], timeLimit: 'soon' },
			'Time Limit (Minutes) must be a number of at least 1, not "soon"',
		],
		[
			{ events: ['timedOut'], timeLimit: 3000, options: { watchHours: 48 } },
			'Time Limit (Minutes) must be less than Stop Watching After (48 hours), not 3000',
		],
		[
			{ events: ['bounced'] },
			'Statuses must be one of delivered, read, failed, timedOut, not "bounced"',
		],
		[{ events: [] }, 'Statuses must be at least one status, not []'],
		[
			{ watch: 'recentMailings', channels: [], events: ['read'] },
			'Channels must be at least one of Chat, SMS, not []',
		],
	])('%j', async (parameters, message) => {
		const trigger = t.deliveryTrigger({ watch: 'sentHere', ...parameters });
		const outcome = await trigger.poll();
		expect(outcome.error?.message).toBe(message);
		expect(outcome.items).toEqual([]);
		expect(trigger.nodeStaticData() ?? {}).toEqual({});
		expect(t.sandbox.requests()).toEqual([]);
	});

	it('Fetch Test Event shows the newest chat mailing as items, sending nothing and saving nothing', async () => {
		const phone = '375291000009';
		await t.sendChat(phone);
		t.advance(6);
		t.sandbox.clearRequests();
		const trigger = t.deliveryTrigger({ watch: 'sentHere', events: ['delivered'] });
		const outcome = await trigger.poll('manual');
		expect(outcome.error).toBeUndefined();
		expect(outcome.result?.[0].map((item) => item.json)).toEqual([
			expect.objectContaining({ event: 'delivered', phone, status: 'DELIVERED', channel: 'chat' }),
		]);
		expect(trigger.nodeStaticData() ?? {}).toEqual({});
		const methods = t.sandbox.requests().map((request) => request.apiMethod);
		expect(
			methods.every((method) => method === 'getChatMessages' || method === 'getChatDeliveryList'),
		).toBe(true);
		expect(JSON.stringify(outcome.result)).not.toContain(TEST_API_KEY);
	});

	it('Fetch Test Event on an account with no chat mailing says what to do', async () => {
		t.sandbox.addAccount('empty-account-key-7731', { seed: false });
		const trigger = t.deliveryTrigger(
			{ watch: 'sentHere', events: ['delivered'] },
			{ apiKey: 'empty-account-key-7731' },
		);
		const outcome = await trigger.poll('manual');
		expect(outcome.error?.message).toBe('No message to show yet');
		expect(JSON.stringify(outcome.error)).not.toContain('empty-account-key-7731');
	});
});
