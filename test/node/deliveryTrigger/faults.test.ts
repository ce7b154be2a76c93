import type { ProxiedRequest } from '../../hostile/faultProxy';
import { useFaultProxy } from '../trigger/fixture';
import { eventsOf, useDeliverySandbox } from './fixture';

const t = useDeliverySandbox();
const hostile = useFaultProxy(t.base);
const A = '375291000001';
const B = '375291000002';
const C = '375291000003';

beforeEach(() => t.sendThrough(hostile.proxy.url));
afterAll(() => t.sendThrough(undefined));

const readsOf = (id: string) => (request: ProxiedRequest) =>
	request.apiMethod === 'getChatDeliveryData' && request.params.get('message_id') === id;

/** A trigger past its activation and three chat messages; the one to B is the test's. */
async function threeWatched() {
	const trigger = t.deliveryTrigger({ watch: 'sentHere', events: ['delivered'] });
	await trigger.poll();
	const ids = { A: await t.sendChat(A), B: await t.sendChat(B), C: await t.sendChat(C) };
	return { trigger, ids };
}

describe('Delivery Trigger: one message whose status cannot be read never holds up the others', () => {
	it.each([
		['an answer with no status', { status: 200, body: { status: 'OK', result: { phone: B } } }],
		[
			'a status of no known type',
			{ status: 200, body: { status: 'OK', result: { phone: B, status: { x: 1 } } } },
		],
		['a list where one record is expected', { status: 200, body: { status: 'OK', result: [] } }],
	])(
		'%s: the others are emitted at once, its own status once the service answers again',
		async (_, answer) => {
			const { trigger, ids } = await threeWatched();
			let failing = true;
			hostile.proxy.intercept = (request) =>
				failing && readsOf(ids.B)(request) ? answer : undefined;
			t.advance(6);
			expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`, `delivered ${C}`]);
			for (let poll = 0; poll < 3; poll++) {
				t.advance(60);
				expect((await trigger.poll()).items).toEqual([]);
			}
			failing = false;
			// read less often after failures: within the back-off of 3 failures (8 minutes)
			const emitted: string[] = [];
			for (let poll = 0; poll < 10 && emitted.length === 0; poll++) {
				t.advance(60);
				emitted.push(...eventsOf((await trigger.poll()).items));
			}
			expect(emitted).toEqual([`delivered ${B}`]);
		},
	);

	it('one the service says is not there is dropped, and the others go on', async () => {
		const { trigger, ids } = await threeWatched();
		hostile.proxy.intercept = (request) =>
			readsOf(ids.B)(request)
				? { status: 200, body: { status: 'error', error: 'message_id: not found' } }
				: undefined;
		t.advance(6);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`, `delivered ${C}`]);
		hostile.proxy.requests.length = 0;
		t.advance(600);
		await trigger.poll();
		expect(hostile.proxy.requests.filter(readsOf(ids.B))).toEqual([]);
	});
});
