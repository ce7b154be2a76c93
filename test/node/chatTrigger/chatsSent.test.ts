// What Chat Message > Send notes for a Chat Trigger of the same process: which phone a chat mailing
// went to, for a minute. A note is never taken for a mailing the ID names after the clock went back
// (a service or emulator that hands out an ID again): chatbotScale.test.ts's 1,000 phones lost 167
// turns to notes of an earlier case, after the emulator's reset moved the clock back.
import { noteChatSent, phoneOfChatSent } from '../../../nodes/MessagingService/helpers/chatsSent';

const ACCOUNT = 'http://127.0.0.1:1 chats-sent-key';

describe('the chat mailings this process sent', () => {
	afterEach(() => jest.useRealTimers());

	it('knows the phone for a minute, per account, and not after', () => {
		jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
		noteChatSent(ACCOUNT, 501, '+375 29 123-45-67');
		expect(phoneOfChatSent(ACCOUNT, '501')).toBe('375291234567');
		expect(phoneOfChatSent('http://127.0.0.1:1 another-key', '501')).toBeUndefined();
		jest.setSystemTime(new Date('2026-03-02T09:00:59Z'));
		expect(phoneOfChatSent(ACCOUNT, '501')).toBe('375291234567');
		jest.setSystemTime(new Date('2026-03-02T09:01:00Z'));
		expect(phoneOfChatSent(ACCOUNT, '501')).toBeUndefined();
	});

	it('takes no note made "later" than now: after the clock went back, the ID may name another mailing', () => {
		jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
		noteChatSent(ACCOUNT, 502, '375291234567');
		jest.setSystemTime(new Date('2026-03-02T09:59:30Z'));
		expect(phoneOfChatSent(ACCOUNT, '502')).toBeUndefined();
	});
});
