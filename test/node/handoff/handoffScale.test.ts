// Human handoff at scale, on the manual clock: 200 conversations write 2,000 messages (the CHAT
// bench's script); 40 of them are handed over to a person at random moments in the middle of a
// burst and handed back 40 to 90 s later; the bot answers each bot turn a second later, the person
// each To Person turn two seconds later (mailings to the phone); n8n restarts three times between
// ticks; every other change comes in the done promise of an execution the trigger started (when one
// is still unsettled; the others in process). Every message must reach exactly one output exactly once, no bot turn of a phone while a
// person has it, no person turn once it is back, and the latency of both outputs as without handoff.
import type { IDataObject } from 'n8n-workflow';

import { chatScript } from '../../../scripts/bench/chat';
import type { ChatTriggerSession } from '../../harness/chatTrigger';
import { DEFAULTS, useChatTrigger } from '../chatTrigger/fixture';
import { handoffCustomDataValue } from '../../../nodes/MessagingService/handoff/executionData';
import { type HandoffChange } from '../../../nodes/MessagingService/handoff/change';
import { handBackChange, handOverChange, publish, runWith } from './handoff';
import { seededRandom } from '../../harness/seededRandom';

jest.setTimeout(1_800_000);

const chat = useChatTrigger();
const { t } = chat;

const CONVERSATIONS = 200;
const MESSAGES = 2000;
const HANDED_OVER = 40;
const RESTARTS_AT = [70, 140, 200];

interface Emitted {
	second: number;
	output: 'bot' | 'person' | 'optOut';
	phone: string;
	replyIds: string[];
}

interface Played {
	emitted: Emitted[];
	/** reply id → the second its burst's last message was written, for the last message of each burst */
	lastOfBurst: Map<string, number>;
	written: string[];
	/** phone → [second the hand-over took effect, second the hand-back took effect] */
	held: Map<string, [number, number]>;
	restarts: number;
	/** changes delivered in a done promise (the others in process) */
	viaDonePromise: number;
}

function percentile(values: number[], share: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

async function play(handoff: boolean): Promise<Played> {
	const phones = Array.from({ length: CONVERSATIONS }, (_, n) => `37529${String(4000000 + n)}`);
	const workflowId = `handoff-scale-${handoff ? 'on' : 'off'}`;
	// the test settles done promises itself (some carry changes); n8n finishes every execution before a restart
	const options = { workflowId, finishExecutions: 'byTest' } as const;
	let session: ChatTriggerSession = await chat.activate(DEFAULTS, options);
	// their replies are marked read when the trigger is closed, right after
	const finishAll = async () => {
		// a promise settled already stays as it is
		for (const emit of session.emits) emit.done?.(runWith({}));
		await session.acknowledged();
	};
	const newest = new Map<string, number>();
	await chat.seconds(session, 2);
	for (const phone of phones) newest.set(phone, await t.sendChat('How can we help?', phone));
	const script = chatScript(CONVERSATIONS, 6)
		.slice(0, MESSAGES)
		.map(({ at, conversation, burst, text }) => ({
			at: Math.floor(at / 1000),
			phone: phones[conversation],
			burst,
			text,
		}));
	const lastMessageOfBurst = new Map<number, number>();
	script.forEach((message, index) => lastMessageOfBurst.set(message.burst, index));

	// the hand-overs: 40 phones, each right after the first message of one of its bursts of 2 or 3, back 40 to 90 s later
	const random = seededRandom(40);
	const overAt = new Map<number, Array<{ phone: string }>>();
	const backAt = new Map<number, string[]>();
	if (handoff) {
		const candidates = [
			...new Set(
				script
					.filter(
						(message, index) => lastMessageOfBurst.get(message.burst) !== index && message.at < 150,
					)
					.map((message) => message.phone),
			),
		];
		const chosen = candidates.sort(() => random() - 0.5).slice(0, HANDED_OVER);
		expect(chosen).toHaveLength(HANDED_OVER);
		for (const phone of chosen) {
			const starts = script.filter(
				(message, index) =>
					message.phone === phone &&
					lastMessageOfBurst.get(message.burst) !== index &&
					message.at < 150,
			);
			const first = starts[Math.floor(random() * starts.length)];
			const second = first.at + 1;
			overAt.set(second, [...(overAt.get(second) ?? []), { phone }]);
			const back = second + 40 + Math.floor(random() * 50);
			backAt.set(back, [...(backAt.get(back) ?? []), phone]);
		}
	}

	const played: Played = {
		emitted: [],
		lastOfBurst: new Map(),
		written: [],
		held: new Map(),
		restarts: 0,
		viaDonePromise: 0,
	};
	const answers: Array<{ at: number; phone: string; text: string }> = [];
	let seen = 0;
	/** emits before this one had their done promise settled by the test */
	let doneFrom = 0;
	let changes = 0;
	let lastEmitSecond = -1;
	let lastChangeSecond = -1;
	const restarts = [...RESTARTS_AT];
	let next = 0;
	const end = script[script.length - 1].at + 240;
	for (let second = 0; second <= end; second++) {
		// a restart between ticks, once what was applied has been saved with an emit (n8n saves a trigger's static data when it emits)
		if (restarts.length > 0 && second >= restarts[0] && lastEmitSecond > lastChangeSecond) {
			restarts.shift();
			await finishAll();
			const saved = session.savedAtLastEmit;
			await session.close();
			session = await chat.activate(DEFAULTS, { ...options, savedStaticData: saved });
			seen = 0;
			doneFrom = 0;
			played.restarts++;
		}
		while (next < script.length && script[next].at <= second) {
			const message = script[next];
			const id = t.reply(newest.get(message.phone)!, message.text, message.phone);
			played.written.push(id);
			if (lastMessageOfBurst.get(message.burst) === next) played.lastOfBurst.set(id, second);
			next++;
		}
		// a change made now takes effect at this second's tick: every other one in process, the others in the
		// done promise of an execution the trigger started (as from a queue-mode worker: its custom data)
		const deliver = (change: HandoffChange) => {
			const unsettled = session.emits.findIndex(
				(emit, index) => index >= doneFrom && emit.done !== undefined,
			);
			if (changes++ % 2 === 0 || unsettled < 0) publish(session, change);
			else {
				session.emits[unsettled].done!(
					runWith({}, { messagingServiceHandoff: handoffCustomDataValue(undefined, change) }),
				);
				doneFrom = unsettled + 1;
				played.viaDonePromise++;
			}
		};
		for (const { phone } of overAt.get(second) ?? []) {
			deliver(handOverChange(phone, { reason: 'scale' }));
			played.held.set(phone, [second, Infinity]);
			lastChangeSecond = second;
		}
		for (const phone of backAt.get(second) ?? []) {
			deliver(handBackChange(phone));
			played.held.get(phone)![1] = second;
			lastChangeSecond = second;
		}
		await chat.seconds(session, 1);
		for (; seen < session.emits.length; seen++) {
			const [bot = [], optOut = [], person = []] = session.emits[seen].outputs;
			const [json, output] =
				bot.length > 0
					? [bot[0], 'bot' as const]
					: person.length > 0
						? [person[0], 'person' as const]
						: [optOut[0], 'optOut' as const];
			const phone = String(json.sessionId);
			played.emitted.push({
				second,
				output,
				phone,
				replyIds: (json.replies as IDataObject[]).map((reply) => String(reply.id)),
			});
			lastEmitSecond = second;
			answers.push({
				at: second + (output === 'person' ? 2 : 1),
				phone,
				text:
					output === 'person' ? `Olga: about your turn at ${second}` : `bot: answer at ${second}`,
			});
		}
		for (const answer of answers.filter(({ at }) => at <= second + 1)) {
			newest.set(answer.phone, await t.sendChat(answer.text, answer.phone));
			answers.splice(answers.indexOf(answer), 1);
		}
	}
	expect(played.restarts).toBe(RESTARTS_AT.length);
	return played;
}

function latencies(played: Played, output: Emitted['output']): number[] {
	return played.emitted
		.filter((emit) => emit.output === output)
		.flatMap((emit) =>
			emit.replyIds
				.filter((id) => played.lastOfBurst.has(id))
				.map((id) => emit.second - played.lastOfBurst.get(id)!),
		);
}

function everyMessageOnce(played: Played): void {
	const outputsOf = new Map<string, number>();
	for (const emit of played.emitted)
		for (const id of emit.replyIds) outputsOf.set(id, (outputsOf.get(id) ?? 0) + 1);
	expect(played.written).toHaveLength(MESSAGES);
	expect(played.written.filter((id) => outputsOf.get(id) !== 1)).toEqual([]);
	// nothing but the customers' messages: the person's and the bot's mailings never come out as turns
	expect([...outputsOf.keys()].sort()).toEqual([...played.written].sort());
}

describe('Messaging Service Chat Trigger with human handoff at scale', () => {
	let baseline: Played;

	it(`without handoff: ${CONVERSATIONS} conversations, ${MESSAGES} messages, three restarts, every message once on Turns`, async () => {
		baseline = await play(false);
		everyMessageOnce(baseline);
		expect(baseline.emitted.filter((emit) => emit.output === 'person')).toEqual([]);
		const bot = latencies(baseline, 'bot');
		console.log(
			`handoff scale, baseline: ${baseline.emitted.length} turns; latency median ${percentile(bot, 0.5)} s, p95 ${percentile(bot, 0.95)} s, max ${Math.max(...bot)} s`,
		);
	});

	it(`${HANDED_OVER} handed over mid-burst and back later: every message once on exactly one output, none to the bot while a person has it, none to the person after, latency as without`, async () => {
		const played = await play(true);
		everyMessageOnce(played);
		const wrong: string[] = [];
		for (const emit of played.emitted) {
			const held = played.held.get(emit.phone);
			const withPerson = held !== undefined && emit.second >= held[0] && emit.second < held[1];
			if (emit.output === 'bot' && withPerson)
				wrong.push(`bot turn of ${emit.phone} at ${emit.second} s, a person's from ${held![0]} s`);
			if (emit.output === 'person' && !withPerson)
				wrong.push(
					`person turn of ${emit.phone} at ${emit.second} s, held ${held?.join(' to ') ?? 'never'}`,
				);
		}
		expect(wrong).toEqual([]);
		expect(played.viaDonePromise).toBeGreaterThanOrEqual(HANDED_OVER / 2);
		const personTurns = played.emitted.filter((emit) => emit.output === 'person');
		expect(new Set(personTurns.map((emit) => emit.phone)).size).toBeGreaterThanOrEqual(
			HANDED_OVER * 0.9,
		);
		const bot = latencies(played, 'bot');
		const person = latencies(played, 'person');
		const before = latencies(baseline, 'bot');
		console.log(
			`handoff scale: ${played.emitted.length} turns (${personTurns.length} To Person); bot latency median ${percentile(bot, 0.5)} s, p95 ${percentile(bot, 0.95)} s, max ${Math.max(...bot)} s; ` +
				`To Person median ${percentile(person, 0.5)} s, p95 ${percentile(person, 0.95)} s, max ${Math.max(...person)} s; without handoff p95 ${percentile(before, 0.95)} s`,
		);
		// the same script and clock: within a second or two of the run without handoff (its answers are
		// other mailings). To Person's p95 is the third slowest of about 50 bursts, and which reads end
		// between two ticks depends on the machine's speed: 74 s against 72 s quiet, 77 s against 74 s in
		// a whole-suite run, 78 s against 74 s beside three busy processes; so it gets 5 s
		for (const [figures, p95Margin] of [
			[bot, 2],
			[person, 5],
		] as const) {
			expect(percentile(figures, 0.5)).toBeLessThanOrEqual(percentile(before, 0.5) + 1);
			expect(percentile(figures, 0.95)).toBeLessThanOrEqual(percentile(before, 0.95) + p95Margin);
		}
	});
});
