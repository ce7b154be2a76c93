import type { IRun } from 'n8n-workflow';

import { noteChatSent } from '../../../nodes/MessagingService/helpers/chatsSent';
import {
	SENT_CUSTOM_DATA_KEY,
	sentCustomDataValue,
} from '../../../nodes/MessagingService/sends/customData';
import type { ChatTriggerSession } from '../../harness/chatTrigger';
import { finishedRun } from '../../harness/engine';
import { TEST_API_KEY } from '../../harness/keys';
import type { useChatTrigger } from './fixture';

type ChatFixture = ReturnType<typeof useChatTrigger>;

/**
 * Where the answers are sent from: Chat Message > Send in the trigger's n8n process (it notes the
 * phone, helpers/chatsSent.ts); on a queue-mode worker, whose execution ends with the answer in its
 * custom data (sends/customData.ts; the session must hold its executions: finishExecutions 'byTest');
 * or elsewhere (a CRM: the trigger learns nothing).
 */
export type AnswerSender = 'this n8n process' | 'a worker' | 'elsewhere';

/**
 * A chatbot on the manual clock, as a workflow Chat Trigger -> Chat Message > Send plays it: each
 * turn the session emits is answered `answerAfterSeconds` later with a new chat mailing to its
 * phone; `newest(phone)` is the mailing the customer sees last and replies to.
 */
export class ScriptedChatbot {
	private readonly newestByPhone = new Map<string, number>();
	private readonly answers: Array<{ at: number; phone: string; turn: number }> = [];
	private turnsSeen = 0;
	second = 0;
	/** called right after an answer is sent, with the mailing the customer had before it */
	onAnswer?: (phone: string, previous: number) => void;

	constructor(
		private readonly chat: ChatFixture,
		private readonly session: ChatTriggerSession,
		private readonly answerAfterSeconds = 1,
		private readonly sender: AnswerSender = 'elsewhere',
	) {}

	opened(phone: string, mailing: number): void {
		this.newestByPhone.set(phone, mailing);
	}

	newest(phone: string): number {
		return this.newestByPhone.get(phone)!;
	}

	/** The customer writes to their newest mailing; returns the reply's id. */
	reply(phone: string, text: string): string {
		return this.chat.t.reply(this.newest(phone), text, phone);
	}

	/** Seconds pass; the turns emitted are answered when their time comes. */
	async seconds(count: number): Promise<void> {
		for (let n = 0; n < count; n++) {
			await this.chat.seconds(this.session, 1);
			this.second++;
			for (; this.turnsSeen < this.session.turns.length; this.turnsSeen++) {
				this.answers.push({
					at: this.second + this.answerAfterSeconds,
					phone: String(this.session.turns[this.turnsSeen][0].sessionId),
					turn: this.turnsSeen,
				});
			}
			while (this.answers.length > 0 && this.answers[0].at <= this.second) {
				const { phone, turn } = this.answers.shift()!;
				const previous = this.newest(phone);
				const answer = await this.chat.t.sendChat(`answer to ${phone}`, phone);
				if (this.sender === 'this n8n process')
					noteChatSent(`${this.session.options.baseUrl} ${TEST_API_KEY}`, answer, phone);
				if (this.sender === 'a worker') this.session.emits[turn].done!(withSent(answer, phone));
				this.newestByPhone.set(phone, answer);
				this.onAnswer?.(phone, previous);
			}
		}
	}

	/** Seconds pass until the session has emitted `turns` turns; returns how many passed. */
	async untilTurns(turns: number, limit = 120): Promise<number> {
		for (let n = 1; n <= limit; n++) {
			await this.seconds(1);
			if (this.session.turns.length >= turns) return n;
		}
		throw new Error(`${turns} turns expected within ${limit} s, got ${this.session.turns.length}`);
	}
}

/** The finished run of a turn whose execution sent this answer, as queue mode hands it back: custom data, no run data. */
function withSent(answer: number, phone: string): IRun {
	const value = sentCustomDataValue(undefined, {
		credentialId: '1',
		kind: 'chatMessage',
		id: String(answer),
		phone,
	});
	const run = finishedRun();
	return {
		...run,
		data: { resultData: { runData: {}, metadata: { [SENT_CUSTOM_DATA_KEY]: value } } },
	} as unknown as IRun;
}
