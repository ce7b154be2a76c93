import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the sms operation tests share, against the fixture's emulator. */
export function smsSetup(fixture: SandboxFixture) {
	async function sendToList(sendTime?: string) {
		return await fixture.run({
			parameters: params(
				fixture.account,
				'sms',
				'sendToList',
				sendTime !== undefined ? { sendAt: sendTime } : {},
			),
			timezone: 'Europe/Berlin',
		});
	}

	async function createMessage(message = 'Your table is ready'): Promise<number> {
		const { items, error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'createMessage', { message }),
		});
		expect(error).toBeUndefined();
		fixture.sandbox.clearRequests();
		return Number(items[0].json.message_id);
	}

	/** A Send Batch to these phones; returns the uuid of its first request. */
	async function sendBatch(phones: string[], overrides: INodeParameters = {}): Promise<string> {
		const { items, error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendBatch', overrides),
			items: phones.map((phone) => ({ phone })),
		});
		expect(error).toBeUndefined();
		fixture.sandbox.clearRequests();
		return String(items[0].json.uuid);
	}

	return { sendToList, createMessage, sendBatch };
}
