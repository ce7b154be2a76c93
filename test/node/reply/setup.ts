import type { INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the reply operation tests share, against the fixture's emulator. */
export function replySetup(fixture: SandboxFixture) {
	async function mailingWithReplies(
		texts: string[],
	): Promise<{ messageId: number; replyIds: string[] }> {
		const { items } = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'send', {
				phone: '375291234567',
				message: 'Question?',
			}),
		});
		const messageId = items[0].json.message_id as number;
		const replyIds = texts.map(
			(message) =>
				fixture.sandbox.injectReply(TEST_API_KEY, {
					message_id: messageId,
					phone: '375291234567',
					message,
				}).id,
		);
		fixture.sandbox.clearRequests();
		return { messageId, replyIds };
	}

	const newReplies = (messageId: number | string, options = {}) =>
		params(fixture.account, 'reply', 'getManyNew', { messageId: String(messageId), options });
	const markAsRead = (overrides: INodeParameters) =>
		params(fixture.account, 'reply', 'markAsRead', overrides);

	return { mailingWithReplies, newReplies, markAsRead };
}
