import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the chatMessage operation tests share, against the fixture's emulator. */
export function chatMessageSetup(fixture: SandboxFixture) {
	async function listMailing(overrides: INodeParameters = {}) {
		return await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendToList', {
				chatnameId: String(fixture.account.chatnameIds[1]),
				message: 'Spring sale',
				...overrides,
			}),
			timezone: 'Europe/Minsk',
		});
	}

	/** A list mailing made and not yet confirmed; returns its message_id. */
	async function listMailingId(): Promise<number> {
		const { items, error } = await listMailing();
		expect(error).toBeUndefined();
		return items[0].json.message_id as number;
	}

	async function quickMessage(phone = '375291234567'): Promise<number> {
		const { items, error } = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'send', { phone, message: 'Hello' }),
		});
		expect(error).toBeUndefined();
		return items[0].json.message_id as number;
	}

	return { listMailing, listMailingId, quickMessage };
}
