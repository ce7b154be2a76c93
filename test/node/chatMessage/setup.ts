import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the chatMessage operation tests share, against the fixture's emulator. */
export function chatMessageSetup(fixture: SandboxFixture) {
	async function listMailing(extra: Record<string, unknown> = {}) {
		return await fixture.run({
			parameters: {
				resource: 'chatMessage',
				operation: 'sendToList',
				chatnameId: String(fixture.account.chatnameIds[1]),
				listId: String(fixture.account.listIds[0]),
				messageType: 'TEXT',
				message: 'Spring sale',
				...extra,
			},
			timezone: 'Europe/Minsk',
		});
	}

	async function quickMessage(phone = '375291234567'): Promise<number> {
		const { items, error } = await fixture.run({
			parameters: {
				resource: 'chatMessage',
				operation: 'send',
				chatnameId: String(fixture.account.chatnameIds[0]),
				phone,
				messageType: 'TEXT',
				message: 'Hello',
			},
		});
		expect(error).toBeUndefined();
		return items[0].json.message_id as number;
	}

	return { listMailing, quickMessage };
}
