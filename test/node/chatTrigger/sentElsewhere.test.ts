import type { IRun } from 'n8n-workflow';

import { phoneOfMailing } from '../../../nodes/MessagingService/helpers/processMemory';
import { SENT_CUSTOM_DATA_KEY } from '../../../nodes/MessagingService/sends/customData';
import { finishedRun } from '../../harness/engine';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { DELIVERY_TRIGGER_NAME, DELIVERY_TRIGGER_TYPE } from '../deliveryTrigger/fixture';
import { DEFAULTS, PHONE, useChatTrigger } from './fixture';

// Channel 2 of a send (nodes/MessagingService/sends/README.md): the bot's answer sent in another
// process (a queue-mode worker) reaches the Chat Trigger, and a Delivery Trigger of its process,
// through the custom data of the execution the trigger started. The answer here is sent to the
// emulator's own URL while the triggers read through the fault proxy: another account string, so
// nothing this process noted at the send (channel 1) reaches them, as on a worker.
jest.setTimeout(120_000);

const chat = useChatTrigger();
const { t, hostile } = chat;
const HELD = { finishExecutions: 'byTest' } as const;
// the emulator hands out the same IDs in every test: what one test's trigger learnt is not the next one's
beforeEach(() => phoneOfMailing.clear());

/** Chat Message > Send of the bot's answer, as a worker runs it: the finished run n8n hands back (custom data, no run data). */
async function answerOnWorker(text: string): Promise<{ mailing: number; run: IRun }> {
	const sent = await t.fixture.runOk({
		parameters: params(t.fixture.account, 'chatMessage', 'send', { phone: PHONE, message: text }),
	});
	const metadata = sent.run.data.resultData.metadata;
	const base = finishedRun();
	return {
		mailing: Number(sent.items[0].json.message_id),
		run: { ...base, data: { resultData: { runData: {}, metadata } } } as unknown as IRun,
	};
}

function deliveryListReadsOf(mailing: number): number {
	return t.sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'getChatDeliveryList' &&
				String(request.body?.message_id ?? request.query.message_id) === String(mailing),
		).length;
}

async function secondTurn(carried: boolean): Promise<{ answer: number; turns: number }> {
	const mailing = await t.sendChat();
	const session = await chat.activate(DEFAULTS, HELD);
	t.reply(mailing, 'I need a new date', PHONE);
	await chat.untilTurns(session, 1);
	const { mailing: answer, run } = await answerOnWorker('Which day suits you?');
	t.sandbox.clearRequests();
	session.emits[0].done!(carried ? run : finishedRun());
	await chat.seconds(session, 1);
	t.reply(answer, 'Friday', PHONE);
	await chat.untilTurns(session, 2);
	expect(session.turns[1]).toEqual([expect.objectContaining({ chatInput: 'Friday' })]);
	return { answer, turns: session.turns.length };
}

describe("sends carried by the execution's custom data (a bot answering from a queue-mode worker)", () => {
	it('the custom data names the send (credential ID, kind, ID, phone) and nothing of the key', async () => {
		const { mailing, run } = await answerOnWorker('Which day suits you?');
		const value = String(run.data.resultData.metadata?.[SENT_CUSTOM_DATA_KEY]);
		expect(JSON.parse(value)).toEqual([['1', 'c', String(mailing), PHONE]]);
		expect(JSON.stringify(run)).not.toContain(TEST_API_KEY);
	});

	it('an execution of 30 sends carries the newest that fit within what n8n keeps of a value', async () => {
		const phones = Array.from({ length: 30 }, (_, n) => `37529${String(4_000_000 + n)}`);
		const sent = await t.fixture.runOk({
			parameters: params(t.fixture.account, 'chatMessage', 'send', {
				phone: '={{ $json.phone }}',
				message: 'Your parcel arrives today.',
			}),
			items: phones.map((phone) => ({ phone })),
		});
		const value = String(sent.run.data.resultData.metadata?.[SENT_CUSTOM_DATA_KEY]);
		expect(value.length).toBeLessThanOrEqual(255);
		const carried = JSON.parse(value) as string[][];
		expect(carried.length).toBeGreaterThanOrEqual(5);
		expect(carried.length).toBeLessThan(30);
		expect(carried.map((entry) => entry[3])).toEqual(phones.slice(-carried.length));
	});

	it("the Chat Trigger knows the answer's phone from the finished run: the reply to it gets its turn without a delivery list read", async () => {
		const { answer } = await secondTurn(true);
		expect(deliveryListReadsOf(answer)).toBe(0);
	});

	it('without the custom data (an older n8n), the answer is found by its delivery list, one read', async () => {
		const { answer } = await secondTurn(false);
		expect(deliveryListReadsOf(answer)).toBe(1);
	});

	it('a Delivery Trigger watching Messages Sent Here in the trigger’s process watches the answer sent on the worker', async () => {
		const delivery = t.session(
			{ watch: 'sentHere', events: ['delivered'] },
			{
				baseUrl: hostile.proxy.url,
				nodeType: DELIVERY_TRIGGER_TYPE,
				nodeName: DELIVERY_TRIGGER_NAME,
			},
		);
		expect((await delivery.poll()).items).toEqual([]);
		const { answer } = await secondTurn(true);
		t.sandbox.advanceClock(60);
		const { items } = await delivery.poll();
		expect(items).toEqual([
			expect.objectContaining({ event: 'delivered', messageId: String(answer), phone: PHONE }),
		]);
	});
});
