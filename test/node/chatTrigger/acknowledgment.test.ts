import { finishedRun } from '../../harness/engine';
import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from './fixture';

// A turn's replies are marked read once n8n has finished its execution (emit's done promise), not
// at the emit; a turn emitted but not seen finished comes again after a restart, flagged
// `redelivered` (DESIGN 4e, replies/acknowledgment.ts).
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;
const HELD = { finishExecutions: 'byTest' } as const;

function readRequests(): number {
	return t.sandbox.requests().filter((request) => request.apiMethod === 'readResponseStatus').length;
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
		await session.acknowledged();
		expect(await t.unread(mailing)).toEqual([]);
		await chat.seconds(session, 10);
		expect(session.turns).toHaveLength(1);
	});

	it('a stop before the execution finished: after the restart the same turn comes again, flagged; a finished one does not', async () => {
		const mailing = await t.sendChat();
		const other = await t.sendChat('to another', OTHER_PHONE);
		const session = await chat.activate(DEFAULTS, HELD);
		t.reply(mailing, 'finished turn', PHONE);
		t.reply(other, 'turn in flight', OTHER_PHONE);
		await chat.untilTurns(session, 2);
		const finished = session.emits.find((emit) => emit.outputs[0]?.[0]?.sessionId === PHONE)!;
		finished.done!(finishedRun());
		await session.acknowledged();

		// n8n is killed here; the restarted n8n loads the static data saved with the last emit
		await session.close();
		const restarted = await chat.activate(DEFAULTS, { savedStaticData: session.savedAtLastEmit, workflowId: session.workflow.id });
		await chat.untilTurns(restarted, 1);
		await chat.seconds(restarted, 10);
		expect(restarted.turns).toEqual([[expect.objectContaining({ sessionId: OTHER_PHONE, chatInput: 'turn in flight', redelivered: true })]]);
		expect(await t.unread(other)).toEqual([]);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('an execution cancelled at shutdown leaves its replies unread for the next start', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate(DEFAULTS, HELD);
		const id = t.reply(mailing, 'cut short');
		await chat.untilTurns(session, 1);
		session.emits[0].cancel!(Object.assign(new Error('shutting down'), { name: 'SystemShutdownExecutionCancelledError' }));
		await session.acknowledged();
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
	});
});
