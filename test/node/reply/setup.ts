import { TEST_API_KEY } from '../../harness/keys';
import type { SandboxFixture } from '../../harness/sandbox';

/** Setup steps the reply operation tests share, against the fixture's emulator. */
export function replySetup(fixture: SandboxFixture) {
	async function mailingWithReplies(texts: string[]): Promise<{ messageId: number; replyIds: string[] }> {
		const { items } = await fixture.run({
			parameters: {
				resource: 'chatMessage',
				operation: 'send',
				chatnameId: String(fixture.account.chatnameIds[0]),
				phone: '375291234567',
				messageType: 'TEXT',
				message: 'Question?',
			},
		});
		const messageId = items[0].json.message_id as number;
		const replyIds = texts.map(
			(message) => fixture.sandbox.injectReply(TEST_API_KEY, { message_id: messageId, phone: '375291234567', message }).id,
		);
		fixture.sandbox.clearRequests();
		return { messageId, replyIds };
	}

	const newReplies = (messageId: number | string, options = {}) => ({
		resource: 'reply',
		operation: 'getManyNew',
		messageId: String(messageId),
		options,
	});

	return { mailingWithReplies, newReplies };
}
