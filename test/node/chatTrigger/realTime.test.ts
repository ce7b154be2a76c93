// Tests in which the node waits in real time (the transport after a 429, the manual listening
// loop): n8n's clock is moved along while they wait.
import type { ProxiedRequest } from '../../hostile/faultProxy';
import { useChatTrigger } from './fixture';

// hang detector, with room for a machine ten times slower (the 429 case takes 25 s on a busy one)
jest.setTimeout(300_000);

const chat = useChatTrigger();
const { t, hostile } = chat;

const readsOf = (id: number) => (request: ProxiedRequest) =>
	request.apiMethod === 'getNewIncomingMessages' && request.params.get('message_id') === String(id);

it('a 429 slows the trigger down and loses nothing', async () => {
	const mailing = await t.sendChat();
	const session = await chat.activate();
	let refusals = 3;
	hostile.proxy.intercept = (request) =>
		readsOf(mailing)(request) && refusals-- > 0
			? { status: 429, body: { status: 'error', error: 'request limit exceeded' } }
			: undefined;
	t.reply(mailing, 'still there?');
	// the transport waits for the service's pause in real time: n8n's clock goes along meanwhile
	const clock = setInterval(() => jest.setSystemTime(Date.now() + 100), 100);
	try {
		await chat.untilTurns(session, 1, 30);
		await chat.seconds(session, 30);
	} finally {
		clearInterval(clock);
	}
	expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['still there?']);
	expect(refusals).toBeLessThan(0);
	expect(await t.unread(mailing)).toEqual([]);
});

it('"Execute step" in the editor shows a real turn, from before too, and changes nothing', async () => {
	const mailing = await t.sendChat();
	t.reply(mailing, 'already waiting');
	t.sandbox.advanceClock(3600);
	const session = await chat.activate(undefined, { mode: 'manual' });
	const listening = session.listen();
	// the node sleeps a real second between checks: n8n's clock goes faster meanwhile
	const clock = setInterval(() => jest.setSystemTime(Date.now() + 1000), 100);
	try {
		await listening;
	} finally {
		clearInterval(clock);
	}
	expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['already waiting']);
	expect(
		Object.values(session.workflow.staticData).every(
			(data) => Object.keys(data as object).length === 0,
		),
	).toBe(true);
	expect(await t.unread(mailing)).toHaveLength(1);
});
