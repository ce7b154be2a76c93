import { TEST_API_KEY } from '../../harness/keys';
import { DEFAULTS, PHONE, useChatTrigger } from '../chatTrigger/fixture';
import { RECENT } from '../trigger/fixture';

jest.setTimeout(120_000);

const chat = useChatTrigger();
const { t } = chat;

/** The reply IDs each readResponseStatus call sent, as the service reads them (split at commas). */
function markedIds(): string[] {
	return t.sandbox
		.requests()
		.filter((request) => request.apiMethod === 'readResponseStatus')
		.flatMap((request) =>
			String((request.body as Record<string, unknown> | null)?.incoming_messages).split(','),
		);
}

/**
 * A mailing with replies 77 and 78 from before the trigger watched it (existing: never output,
 * left unread), then a reply whose ID is "77,78": sent as it is, the service would mark 77 and
 * 78 read. Both triggers output it once and send no ID the service would read as several.
 */
async function mailingWithCommaReply(): Promise<{ mailing: number; inject: () => string }> {
	const mailing = await t.sendChat();
	const earlier = t.sandbox.now().getTime() - 10 * 60_000;
	for (const id of ['77', '78'])
		t.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: `old ${id}`,
			id,
			receivedAt: earlier,
		});
	return {
		mailing,
		inject: () =>
			t.sandbox.injectReply(TEST_API_KEY, {
				message_id: mailing,
				phone: PHONE,
				message: 'a comma in my ID',
				id: '77,78',
			}).id,
	};
}

async function unreadIds(mailing: number): Promise<string[]> {
	return (await t.unread(mailing)).map((reply) => String(reply.id)).sort();
}

describe('A reply whose ID holds a comma', () => {
	it('Messaging Service Trigger: output once, nothing else marked read', async () => {
		const { mailing, inject } = await mailingWithCommaReply();
		const session = t.session(RECENT);
		expect((await session.poll()).result).toBeNull();
		t.sandbox.advanceClock(60);
		const id = inject();
		t.sandbox.clearRequests();
		expect((await session.poll()).items.map((item) => item.id)).toEqual([id]);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
		expect(markedIds()).not.toContain('77');
		expect(markedIds()).not.toContain('78');
		expect(await unreadIds(mailing)).toEqual(['77', '77,78', '78']);
	});

	it('Messaging Service Chat Trigger: output once, nothing else marked read', async () => {
		const { mailing, inject } = await mailingWithCommaReply();
		const session = await chat.activate(DEFAULTS);
		const id = inject();
		t.sandbox.clearRequests();
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 70);
		expect(
			session.turns.map((turn) =>
				turn.flatMap((item) => (item.replies as Array<{ id: unknown }>).map((reply) => reply.id)),
			),
		).toEqual([[id]]);
		expect(markedIds()).not.toContain('77');
		expect(markedIds()).not.toContain('78');
		expect(await unreadIds(mailing)).toEqual(['77', '77,78', '78']);
	});
});
