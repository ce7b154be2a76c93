import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { useDeliverySandbox } from './fixture';

const t = useDeliverySandbox();
const phoneOf = (n: number) => `37529${String(3_000_000 + n).padStart(7, '0')}`;

/** Seeds `count` chat mailings now, each to a phone of its own from `first` on; their phones. */
function seed(first: number, count: number): string[] {
	const phones = Array.from({ length: count }, (_, n) => phoneOf(first + n));
	if (count > 0) t.sandbox.seedChatMailings(TEST_API_KEY, count, { phones });
	return phones;
}

describe('Delivery Trigger, Recent Mailings: every chat mailing created after the activation, whatever the list holds', () => {
	// before and after: how many mailings the list held at the activation, and how many came after it
	const cases: Array<[number, number]> = [
		[0, 1],
		[1, 150],
		[98, 4],
		[99, 1],
		[99, 101],
		[100, 3],
		[250, 230],
	];
	for (const order of ['oldest-first', 'newest-first'] as const)
		for (const [before, after] of cases)
			it(`${order}, ${before} before, ${after} after: each new one delivered once, none of the old`, async () => {
				t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
				seed(0, before);
				const trigger = t.deliveryTrigger({
					watch: 'recentMailings',
					channels: ['chat'],
					events: ['delivered'],
					options: { maxRequestsPerMinute: 60 },
				});
				expect((await trigger.poll()).items).toEqual([]);
				t.advance(60);
				// created in two bursts, a poll between them
				const half = Math.floor(after / 2);
				const fresh = seed(before, half);
				expect((await trigger.poll()).error).toBeUndefined();
				fresh.push(...seed(before + half, after - half));

				const seen: string[] = [];
				for (let poll = 0; poll < 12; poll++) {
					t.advance(60);
					const outcome = await trigger.poll();
					expect(outcome.error).toBeUndefined();
					for (const item of outcome.items as IDataObject[])
						seen.push(`${String(item.event)} ${String(item.phone)}`);
				}
				expect(seen.sort()).toEqual(fresh.map((phone) => `delivered ${phone}`).sort());
			});
});
