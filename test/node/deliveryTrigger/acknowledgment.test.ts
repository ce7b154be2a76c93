import { TEST_API_KEY } from '../../harness/keys';
import { eventsOf, useDeliverySandbox } from './fixture';

const t = useDeliverySandbox();
const A = '375291000001';
const B = '375291000002';

/** A trigger past its activation whose executions the test ends, and one chat message to A, delivered. */
async function emittedOnce() {
	const trigger = t.deliveryTrigger(
		{ watch: 'sentHere', events: ['delivered', 'read'] },
		{ finishExecutions: 'byTest' },
	);
	await trigger.poll();
	await t.sendChat(A);
	t.advance(6);
	const first = await trigger.poll();
	expect(eventsOf(first.items)).toEqual([`delivered ${A}`]);
	return { trigger, first };
}

describe('Delivery Trigger: an event is done once n8n has finished its execution', () => {
	it('while the execution runs, later polls do not emit it again', async () => {
		const { trigger } = await emittedOnce();
		t.advance(10);
		expect((await trigger.poll()).items).toEqual([]);
	});

	it('a restart before n8n finished it emits it again, flagged; once finished and saved, never again', async () => {
		const { trigger } = await emittedOnce();
		const restarted = trigger.restart();
		const again = await restarted.poll();
		expect(eventsOf(again.items)).toEqual([`delivered ${A} (redelivered)`]);
		await again.finish[0]();
		t.advance(10);
		expect((await restarted.poll()).items).toEqual([]);
		const later = restarted.restart();
		t.advance(10);
		expect((await later.poll()).items).toEqual([]);
	});

	it('an execution n8n never created is emitted again, not flagged', async () => {
		const { trigger, first } = await emittedOnce();
		await first.finish[0]('notCreated');
		expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`]);
	});

	it('an execution cancelled at shutdown is emitted again by the next poll', async () => {
		const { trigger, first } = await emittedOnce();
		await first.finish[0]('cancelledAtShutdown');
		expect(eventsOf((await trigger.poll()).items)).toEqual([`delivered ${A}`]);
	});

	it('a restart after the finish was saved emits nothing twice and loses no later status', async () => {
		const { trigger, first } = await emittedOnce();
		await first.finish[0]();
		t.advance(60);
		const read = await trigger.poll();
		expect(eventsOf(read.items)).toEqual([`read ${A}`]);
		await read.finish[0]();
		await trigger.poll();
		const restarted = trigger.restart();
		t.advance(3600);
		expect((await restarted.poll()).items).toEqual([]);
	});

	it('keeps what a poll without an emit took, when n8n loads the static data saved with the last emit', async () => {
		const { trigger, first } = await emittedOnce();
		await first.finish[0]();
		const savedWithEmit = trigger.savedStaticData();
		await t.sendChat(B);
		// this poll takes B's send and emits nothing (not delivered yet): n8n's durable scheduler does not save it
		expect((await trigger.poll()).items).toEqual([]);
		const sameProcess = t.deliveryTrigger(
			{ watch: 'sentHere', events: ['delivered', 'read'] },
			{ workflowId: trigger.workflow.id, savedStaticData: savedWithEmit },
		);
		t.advance(60);
		expect(eventsOf((await sameProcess.poll()).items)).toEqual([
			`delivered ${B}`,
			`read ${A}`,
			`read ${B}`,
		]);
	});

	it('two polls of one trigger at once: one reads, the other finds nothing', async () => {
		const trigger = t.deliveryTrigger({ watch: 'sentHere', events: ['delivered'] });
		await trigger.poll();
		await t.sendChat(A);
		t.advance(6);
		const both = await Promise.all([trigger.poll(), trigger.poll()]);
		expect(both.flatMap((outcome) => eventsOf(outcome.items))).toEqual([`delivered ${A}`]);
	});

	it('watches only the sends of its own account', async () => {
		t.sandbox.addAccount('another-account-key-0042');
		const other = t.deliveryTrigger(
			{ watch: 'sentHere', events: ['delivered'] },
			{ apiKey: 'another-account-key-0042' },
		);
		await other.poll();
		await t.sendChat(A);
		t.advance(6);
		expect((await other.poll()).items).toEqual([]);
		const readsOfOther = t.sandbox
			.requests()
			.filter((request) => JSON.stringify(request).includes('another-account-key-0042'))
			.map((request) => request.apiMethod);
		expect(readsOfOther).toEqual([]);
		expect(t.sandbox.requests().length).toBeGreaterThan(0);
		void TEST_API_KEY;
	});
});
