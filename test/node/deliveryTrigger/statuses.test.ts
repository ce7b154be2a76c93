import { TEST_API_KEY } from '../../harness/keys';
import { eventsOf, useDeliverySandbox } from './fixture';

const t = useDeliverySandbox();
const A = '375291000001';
const B = '375291000002';
const C = '375291000003';

/** Activates a trigger (its first poll takes nothing sent before it), then the test sends. */
async function activated(parameters: Record<string, unknown>) {
	const trigger = t.deliveryTrigger({ watch: 'sentHere', ...parameters });
	const first = await trigger.poll();
	expect(first.error).toBeUndefined();
	expect(first.items).toEqual([]);
	return trigger;
}

describe('Delivery Trigger: each picked status of each watched message, once', () => {
	it('emits delivered then read for a chat message, once each, then reads it no more', async () => {
		const trigger = await activated({ events: ['delivered', 'read'] });
		const id = await t.sendChat(A);
		t.advance(6);
		const delivered = await trigger.poll();
		expect(delivered.error).toBeUndefined();
		expect(delivered.items).toEqual([
			expect.objectContaining({
				event: 'delivered',
				channel: 'chat',
				kind: 'message',
				messageId: id,
				phone: A,
				status: 'DELIVERED',
				errorCode: 0,
				watch: 'sentHere',
			}),
		]);
		expect(delivered.items[0]).not.toHaveProperty('redelivered');
		t.advance(60);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`read ${A}`]);
		t.sandbox.clearRequests();
		t.advance(3600);
		expect((await trigger.poll()).items).toEqual([]);
		expect(t.sandbox.requests().map((r) => r.apiMethod)).toEqual([]);
	});

	it('emits delivered and read at once for a message read between two polls', async () => {
		const trigger = await activated({ events: ['delivered', 'read'] });
		await t.sendChat(A);
		t.advance(120);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`, `read ${A}`]);
	});

	it('watches an SMS until delivered (checkSMS), with the time the service gives', async () => {
		const trigger = await activated({ events: ['delivered'] });
		const id = await t.sendSms(A);
		t.advance(30);
		expect((await trigger.poll()).items).toEqual([]);
		t.advance(60);
		const { items } = await trigger.poll();
		expect(items).toEqual([
			expect.objectContaining({
				event: 'delivered',
				channel: 'sms',
				messageId: id,
				phone: A,
				status: 'delivered',
			}),
		]);
		expect(Date.parse(String(items[0].statusAt))).toBeLessThanOrEqual(t.sandbox.now().getTime());
	});

	it('reads a confirmed list mailing in one request for all its recipients', async () => {
		const trigger = await activated({ events: ['read'] });
		const id = await t.sendChatToList([A, B, C]);
		t.advance(61);
		t.sandbox.clearRequests();
		const { items } = await trigger.poll();
		expect(eventsOf(items)).toEqual([`read ${A}`, `read ${B}`, `read ${C}`]);
		expect(items.every((item) => item.messageId === id && item.kind === 'mailing')).toBe(true);
		expect(t.sandbox.requests().map((r) => r.apiMethod)).toEqual(['getChatDeliveryList']);
	});

	it('emits failed with the error code, and a status the docs do not list as it is', async () => {
		t.sandbox.setFailing(TEST_API_KEY, B, 'chat', { status: 'UNDELIVERABLE', errorCode: 17 });
		const trigger = await activated({ events: ['delivered', 'read', 'failed'] });
		await t.sendChat(A);
		await t.sendChat(B);
		t.advance(6);
		const { items } = await trigger.poll();
		expect(eventsOf(items)).toEqual([`delivered ${A}`, `failed ${B}`, `otherStatus ${B}`]);
		expect(items.find((item) => item.event === 'failed')).toMatchObject({
			status: 'UNDELIVERABLE',
			errorCode: 17,
		});
		expect(items.find((item) => item.event === 'otherStatus')).toMatchObject({
			status: 'UNDELIVERABLE',
		});
		t.advance(120);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`read ${A}`]);
	});

	it('emits an unlisted SMS status once, and keeps watching for the delivery', async () => {
		t.sandbox.setFailing(TEST_API_KEY, B, 'sms', { status: 'expired' });
		const trigger = await activated({
			watch: 'recentMailings',
			channels: ['sms'],
			events: ['delivered'],
		});
		// an SMS mailing created after the activation, from anywhere
		const listId = t.sandbox.addList(TEST_API_KEY, 'two', [A, B]);
		const created = await t.fixture.runOk({
			parameters: {
				resource: 'sms',
				operation: 'sendToList',
				listId: String(listId),
				mailingName: 'Reminder',
				message: 'See you tomorrow',
				senderNameId: String(t.fixture.account.alphanameIds[0]),
			},
		});
		const id = String(created.items[0].json.message_id);
		await t.fixture.runOk({
			parameters: {
				resource: 'sms',
				operation: 'confirmListMailing',
				messageId: id,
				confirmAction: 'confirm',
			},
		});
		expect((await trigger.poll()).items).toEqual([]);
		t.advance(90);
		const { items } = await trigger.poll();
		expect(eventsOf(items)).toEqual([`delivered ${A}`, `otherStatus ${B}`]);
		expect(items.find((item) => item.phone === B)).toMatchObject({
			status: 'expired',
			kind: 'mailing',
			messageId: id,
		});
		t.advance(600);
		expect((await trigger.poll()).items).toEqual([]);
	});
});

describe('Delivery Trigger: Not Reached in Time', () => {
	it('emits timedOut once for the message not read within the limit, never for the one read in time', async () => {
		t.sandbox.setUnreachable(TEST_API_KEY, B, 'chat');
		const trigger = await activated({ events: ['read', 'timedOut'], timeLimit: 5 });
		await t.sendChat(A);
		await t.sendChat(B);
		t.advance(61);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`read ${A}`]);
		t.advance(4 * 60);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`timedOut ${B}`]);
		expect((await trigger.poll()).items).toEqual([]);
		t.advance(3600);
		expect((await trigger.poll()).items).toEqual([]);
	});

	it('with Delivered as the furthest status picked, times out on delivery, not on reading', async () => {
		t.sandbox.setUnreachable(TEST_API_KEY, B, 'chat');
		const trigger = await activated({ events: ['delivered', 'timedOut'], timeLimit: 2 });
		await t.sendChat(A);
		await t.sendChat(B);
		t.advance(150);
		expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`, `timedOut ${B}`]);
	});
});
