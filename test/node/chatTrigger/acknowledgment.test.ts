import type { ProxiedRequest } from '../../hostile/faultProxy';
import { dropLedger } from '../../../nodes/MessagingService/replies/acknowledgment';
import { finishedRun } from '../../harness/engine';
import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from './fixture';

// A turn's replies are marked read once n8n has finished its execution (emit's done promise), not
// at the emit; a turn emitted but not seen finished comes again after a restart, flagged
// `redelivered` (DESIGN 4e, replies/acknowledgment.ts).
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t, hostile } = chat;
const SERVER_ERROR = { status: 500, body: { error: 'server unavailable' } };
const HELD = { finishExecutions: 'byTest' } as const;

function readRequests(): number {
	return t.sandbox.requests().filter((request) => request.apiMethod === 'readResponseStatus')
		.length;
}

/** PHONE writes `first` and OTHER_PHONE `second`, each to a mailing of its own; both turns are emitted, their executions held. */
async function twoTurnsHeld(first: string, second: string) {
	const mailing = await t.sendChat();
	const other = await t.sendChat('to another', OTHER_PHONE);
	const session = await chat.activate(DEFAULTS, HELD);
	t.reply(mailing, first, PHONE);
	t.reply(other, second, OTHER_PHONE);
	await chat.untilTurns(session, 2);
	return { mailing, other, session };
}

describe('Messaging Service Chat Trigger: acknowledgment after n8n holds the execution', () => {
	it('marks nothing read at the emit; the turn is marked read once its execution is finished', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate(DEFAULTS, HELD);
		const ids = [t.reply(mailing, 'hello'), t.reply(mailing, 'are you there?')];
		t.sandbox.clearRequests();
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 5);
		// the old order (emit, then mark read) fails here
		expect(readRequests()).toBe(0);
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual(ids);

		session.emits[0].done!(finishedRun());
		// marked with the next check (Check Every: 2 s)
		await chat.seconds(session, 2);
		expect(await t.unread(mailing)).toEqual([]);
		await chat.seconds(session, 10);
		expect(session.turns).toHaveLength(1);
	});

	it('the turns that finish between two checks are marked read in one request, at the next check', async () => {
		const phones = Array.from({ length: 10 }, (_, index) => `37529${String(2000000 + index)}`);
		const mailings = [];
		for (const phone of phones) mailings.push(await t.sendChat('hello', phone));
		const session = await chat.activate(DEFAULTS, HELD);
		mailings.forEach((mailing, index) => t.reply(mailing, 'a question', phones[index]));
		await chat.untilTurns(session, phones.length);
		t.sandbox.clearRequests();
		for (const emit of session.emits) emit.done!(finishedRun());
		await session.acknowledged();
		expect(readRequests()).toBe(0);
		await chat.seconds(session, 2);
		expect(readRequests()).toBe(1);
		for (const mailing of mailings) expect(await t.unread(mailing)).toEqual([]);
	});

	it('a deactivation marks the finished turns read before it ends, and a turn finishing later as it finishes', async () => {
		const { mailing, other, session } = await twoTurnsHeld('finished before', 'finished after');
		const [first, second] = session.emits;
		first.done!(finishedRun());
		await session.acknowledged();
		await session.close();
		const [finishedBefore, finishedAfter] =
			first.outputs[0]?.[0]?.sessionId === PHONE ? [mailing, other] : [other, mailing];
		expect(await t.unread(finishedBefore)).toEqual([]);
		expect(await t.unread(finishedAfter)).toHaveLength(1);
		second.done!(finishedRun());
		await session.acknowledged();
		expect(await t.unread(finishedAfter)).toEqual([]);
	});

	it('a stop before the execution finished: after the restart the same turn comes again, flagged; a finished one does not', async () => {
		const { mailing, other, session } = await twoTurnsHeld('finished turn', 'turn in flight');
		const finished = session.emits.find((emit) => emit.outputs[0]?.[0]?.sessionId === PHONE)!;
		finished.done!(finishedRun());
		await chat.seconds(session, 2);

		// n8n is killed here; the restarted n8n loads the static data saved with the last emit
		await session.close();
		const restarted = await chat.activate(DEFAULTS, {
			savedStaticData: session.savedAtLastEmit,
			workflowId: session.workflow.id,
		});
		await chat.untilTurns(restarted, 1);
		await chat.seconds(restarted, 10);
		expect(restarted.turns).toEqual([
			[
				expect.objectContaining({
					sessionId: OTHER_PHONE,
					chatInput: 'turn in flight',
					redelivered: true,
				}),
			],
		]);
		expect(await t.unread(other)).toEqual([]);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('n8n stopped as it emitted a turn, its save of the state never made: after the restart the turn comes again, flagged; a later one does not', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate(DEFAULTS, HELD);
		t.reply(mailing, 'is my order on its way?');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0]).not.toHaveProperty('redelivered');

		// n8n starts saving the state and the execution side by side; it was killed between the two,
		// and its queue-mode worker ran the execution: the restarted n8n loads the state of the activation
		await session.close();
		dropLedger(`${session.workflow.id}:${session.node.id}`);
		const restarted = await chat.activate(DEFAULTS, {
			savedStaticData: session.savedAtActivation,
			workflowId: session.workflow.id,
		});
		await chat.untilTurns(restarted, 1);
		expect(restarted.turns[0][0]).toMatchObject({
			chatInput: 'is my order on its way?',
			redelivered: true,
		});
		await chat.seconds(restarted, 1);
		t.reply(mailing, 'hello again');
		await chat.untilTurns(restarted, 2);
		expect(restarted.turns[1][0]).toMatchObject({ chatInput: 'hello again' });
		expect(restarted.turns[1][0]).not.toHaveProperty('redelivered');
	});

	it('an execution cancelled at shutdown leaves its replies unread for the next start', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate(DEFAULTS, HELD);
		const id = t.reply(mailing, 'cut short');
		await chat.untilTurns(session, 1);
		session.emits[0].cancel!(
			Object.assign(new Error('shutting down'), { name: 'SystemShutdownExecutionCancelledError' }),
		);
		await session.acknowledged();
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
	});

	describe('a turn emitted again after a stop, answered before it', () => {
		async function stopWithTurnInFlight(
			answerBeforeStop: boolean,
			{ failedDeliveryListReads = 0, slowDeliveryListMs = 0 } = {},
		) {
			const mailing = await t.sendChat();
			const session = await chat.activate(DEFAULTS, HELD);
			t.reply(mailing, 'where is my order?', PHONE);
			await chat.untilTurns(session, 1);
			// the bot's answer goes out; n8n is killed before its execution is seen to finish
			if (answerBeforeStop) {
				const answer = await t.sendChat('It ships today', PHONE);
				let failures = 0;
				const isAnswersList = (request: ProxiedRequest) =>
					request.apiMethod === 'getChatDeliveryList' &&
					request.params.get('message_id') === String(answer);
				hostile.proxy.intercept = (request) =>
					isAnswersList(request) && failures++ < failedDeliveryListReads ? SERVER_ERROR : undefined;
				hostile.proxy.delayMs = (request) => (isAnswersList(request) ? slowDeliveryListMs : 0);
			}
			await session.close();
			const restarted = await chat.activate(DEFAULTS, {
				savedStaticData: session.savedAtLastEmit,
				workflowId: session.workflow.id,
			});
			await chat.untilTurns(restarted, 1);
			return restarted.turns[0][0];
		}

		it('says alreadyAnswered when a mailing went to the phone after the turn (the answer), found by its delivery list', async () => {
			expect(await stopWithTurnInFlight(true)).toMatchObject({
				sessionId: PHONE,
				redelivered: true,
				alreadyAnswered: true,
			});
		});

		it("waits for the answer's delivery list when its first reads fail, or it is slow", async () => {
			expect(await stopWithTurnInFlight(true, { failedDeliveryListReads: 2 })).toMatchObject({
				sessionId: PHONE,
				redelivered: true,
				alreadyAnswered: true,
			});
			expect(await stopWithTurnInFlight(true, { slowDeliveryListMs: 4000 })).toMatchObject({
				sessionId: PHONE,
				redelivered: true,
				alreadyAnswered: true,
			});
		});

		it('says nothing of the kind when nothing went to the phone after it', async () => {
			const turn = await stopWithTurnInFlight(false);
			expect(turn).toMatchObject({ sessionId: PHONE, redelivered: true });
			expect(turn).not.toHaveProperty('alreadyAnswered');
		});

		it('a mailing to the phone from before the turn does not count as its answer', async () => {
			const older = await t.sendChat('an earlier message', PHONE);
			await t.sendChat('the latest message', PHONE);
			const session = await chat.activate(DEFAULTS, HELD);
			await chat.seconds(session, 5);
			// the customer answers the earlier message: its turn's mailing is older than the phone's newest
			t.reply(older, 'about the earlier one', PHONE);
			await chat.untilTurns(session, 1);
			await session.close();
			const restarted = await chat.activate(DEFAULTS, {
				savedStaticData: session.savedAtLastEmit,
				workflowId: session.workflow.id,
			});
			await chat.untilTurns(restarted, 1);
			expect(restarted.turns[0][0]).toMatchObject({ redelivered: true });
			expect(restarted.turns[0][0]).not.toHaveProperty('alreadyAnswered');
		});
	});
});
