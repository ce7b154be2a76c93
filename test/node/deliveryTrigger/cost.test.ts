import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useDeliverySandbox } from './fixture';

jest.setTimeout(600_000);

const t = useDeliverySandbox();
const MESSAGES = 100;

/**
 * The figure docs/delivery-trigger.md states: requests a minute per 1,000 watched messages that
 * reach no status (the costliest case: they are never done), by their age, with a budget that
 * never binds, polls a minute apart. Measured on 100 and scaled (the plan is per message).
 */
describe('Delivery Trigger: requests a minute per 1,000 watched messages', () => {
	it('is 1,000 while they are younger than 10 minutes, then a tenth of the age in minutes fewer, and one a mailing', async () => {
		const phones = Array.from(
			{ length: MESSAGES },
			(_, n) => `37529300${String(n).padStart(4, '0')}`,
		);
		for (const phone of phones) t.sandbox.setUnreachable(TEST_API_KEY, phone, 'chat');
		const trigger = t.deliveryTrigger({
			watch: 'sentHere',
			events: ['read'],
			options: { maxRequestsPerMinute: 100_000 },
		});
		await trigger.poll();
		t.syncTime();
		await t.fixture.runOk({
			parameters: params(t.fixture.account, 'chatMessage', 'send', {
				phone: '={{ $json.phone }}',
				message: 'Your parcel arrives today.',
			}),
			items: phones.map((phone) => ({ phone })),
		});
		// one mailing to the same 100 phones: one request a read, whatever its size
		await t.sendChatToList(phones);

		const perMinute: number[] = [];
		for (let minute = 1; minute <= 60; minute++) {
			t.advance(60);
			t.sandbox.clearRequests();
			await trigger.poll();
			perMinute.push(t.sandbox.requests().length);
		}
		const per1000 = (from: number, to: number) =>
			((perMinute.slice(from - 1, to).reduce((sum, n) => sum + n, 0) / (to - from + 1)) * 1000) /
			MESSAGES;
		// minutes 1-9: every message (and the mailing) at every poll
		expect(per1000(1, 9)).toBeCloseTo(((MESSAGES + 1) * 1000) / MESSAGES, 0);
		// minutes 20-29 (spacing 2 to 3 minutes): between 1000/3 and 1000/2 a minute
		expect(per1000(20, 29)).toBeGreaterThan(1000 / 3.5);
		expect(per1000(20, 29)).toBeLessThan(1000 / 1.8);
		// minutes 50-59 (spacing 5 to 6 minutes): between 1000/6 and 1000/5
		expect(per1000(50, 59)).toBeGreaterThan(1000 / 6.5);
		expect(per1000(50, 59)).toBeLessThan(1000 / 4.5);
	});
});
