import { params } from '../../harness/params';
import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the sms operation tests share, against the fixture's emulator. */
export function smsSetup(fixture: SandboxFixture) {
	async function sendToList(sendTime?: string) {
		return await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendToList', sendTime !== undefined ? { sendAt: sendTime } : {}),
			timezone: 'Europe/Berlin',
		});
	}

	async function createMessage(message = 'Your table is ready'): Promise<number> {
		const { items, error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'createMessage', message },
		});
		expect(error).toBeUndefined();
		fixture.sandbox.clearRequests();
		return Number(items[0].json.message_id);
	}

	return { sendToList, createMessage };
}
