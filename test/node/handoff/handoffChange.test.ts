// The handoff change record and the state an execution reads (nodes/MessagingService/handoff/):
// what the Conversation operations output and what the Chat Trigger reads back.
import {
	botMayAnswer,
	conversationStateOf,
	conversationsWithPerson,
} from '../../../nodes/MessagingService/handoff/view';
import {
	handoffChangeOf,
	handoffItemJson,
	newHandoffChange,
} from '../../../nodes/MessagingService/handoff/change';
import {
	handoffChangesOfCustomData,
	handoffCustomDataValue,
} from '../../../nodes/MessagingService/handoff/executionData';
import { MAX_HANDOFF_PHONES, MIRROR_KEY } from '../../../nodes/MessagingService/handoff/mirror';
import { publishHandoff } from '../../../nodes/MessagingService/handoff/inProcess';
import {
	CATCH_UP_TEXT_MAX,
	HandoffState,
	MAX_CATCH_UP_ENTRIES,
} from '../../../nodes/MessagingService/handoff/state';

const PHONE = '375291234567';
let workflows = 0;
const workflow = () => `change-test-${++workflows}`;

describe('the handoff change record', () => {
	it('travels in the item json and back; a malformed one is no change', () => {
		const change = newHandoffChange({
			phone: PHONE,
			to: 'person',
			reason: 'asked',
			untilMs: 2_000_000,
			silenceMs: 60_000,
			at: 1_000_000,
		});
		const json = handoffItemJson(change, { messageSent: true, reachedTrigger: false });
		expect(json).toMatchObject({
			phone: PHONE,
			holder: 'person',
			messageSent: true,
			reachedTrigger: false,
		});
		expect(handoffChangeOf(json)).toEqual(change);
		for (const broken of [
			{ ...change, id: '' },
			{ ...change, phone: '12' },
			{ ...change, to: 'robot' },
			{ ...change, at: 'soon' },
		]) {
			expect(handoffChangeOf({ handoffChange: broken } as never)).toBeUndefined();
		}
	});

	it('fits a custom data value n8n keeps without logging an error (255 characters): the newest changes of an execution are kept', () => {
		let value: string | undefined;
		const changes = Array.from({ length: 8 }, (_, n) =>
			newHandoffChange({
				phone: `37529${String(1000000 + n)}`,
				to: 'person',
				reason: 'x'.repeat(300),
				untilMs: 5_000_000,
				at: 1_000_000 + n,
			}),
		);
		for (const change of changes) value = handoffCustomDataValue(value, change);
		expect(value!.length).toBeLessThanOrEqual(255);
		const kept = handoffChangesOfCustomData({ messagingServiceHandoff: value! });
		expect(kept.length).toBeGreaterThanOrEqual(1);
		expect(kept[kept.length - 1].id).toBe(changes[changes.length - 1].id);
		expect(handoffChangesOfCustomData({ messagingServiceHandoff: 'not json' })).toEqual([]);
	});
});

describe('the state an execution reads', () => {
	const mirror = (phones: object, known = PHONE) => ({
		[MIRROR_KEY]: { v: 1, zone: 'Europe/Minsk', phones, known },
	});

	it("the trigger's copy, with dates in the service zone; a phone it knows no conversation of says so", () => {
		const state = conversationStateOf(
			workflow(),
			mirror({
				[PHONE]: {
					holder: 'person',
					changeId: 'a',
					changeAt: Date.UTC(2026, 2, 2, 9),
					handedOverAt: Date.UTC(2026, 2, 2, 9),
					untilMs: Date.UTC(2026, 2, 2, 10),
					reason: 'asked',
					silenceMs: 0,
				},
			}),
			'+375 29 123-45-67',
		);
		expect(state).toMatchObject({
			phone: PHONE,
			holder: 'person',
			known: true,
			since: '2026-03-02T12:00:00+03:00',
			until: '2026-03-02T13:00:00+03:00',
			reason: 'asked',
		});
		expect(conversationStateOf(workflow(), mirror({}), '375290000000')).toEqual({
			phone: '375290000000',
			holder: 'bot',
			known: false,
		});
	});

	it("a hand-back alone does not make a phone known; a hand-over on the turn's phone does", () => {
		const id = workflow();
		const stranger = '375290000001';
		publishHandoff(id, newHandoffChange({ phone: stranger, to: 'bot' }));
		expect(conversationStateOf(id, mirror({}), stranger)).toMatchObject({ known: false });
		publishHandoff(id, newHandoffChange({ phone: stranger, to: 'person', at: Date.now() + 1 }));
		expect(conversationStateOf(id, mirror({}), stranger)).toMatchObject({
			holder: 'person',
			known: true,
		});
	});

	it("a change published in this process since counts before the trigger's copy has it; an older one does not", () => {
		const id = workflow();
		const t0 = Date.now() - 60_000;
		const data = mirror({
			[PHONE]: { holder: 'person', changeId: 'a', changeAt: t0 + 2000, handedOverAt: t0 + 2000 },
		});
		publishHandoff(id, newHandoffChange({ phone: PHONE, to: 'bot', at: t0 + 1000 }));
		expect(conversationStateOf(id, data, PHONE).holder).toBe('person');
		publishHandoff(id, newHandoffChange({ phone: PHONE, to: 'bot', at: t0 + 3000 }));
		expect(conversationStateOf(id, data, PHONE)).toMatchObject({
			holder: 'bot',
			handBackReason: 'handedBack',
		});
		expect(conversationsWithPerson(id, data)).toEqual([]);
		// handed over at +2 s: a bot turn emitted before may not answer, one emitted after the hand-back may
		expect(botMayAnswer(id, data, PHONE, t0 + 1500)).toBe(false);
		expect(botMayAnswer(id, data, PHONE, t0 + 3500)).toBe(true);
	});
});

describe("the Chat Trigger's state bounds", () => {
	it(`at most ${MAX_HANDOFF_PHONES} phones (the oldest person's hold goes, with a warning); ${MAX_CATCH_UP_ENTRIES} catch-up entries of ${CATCH_UP_TEXT_MAX} characters per phone`, () => {
		const warnings: string[] = [];
		const state = new HandoffState((message) => warnings.push(message));
		for (let n = 0; n <= MAX_HANDOFF_PHONES; n++)
			state.take(
				newHandoffChange({
					phone: `37529${String(1000000 + n)}`,
					to: 'person',
					untilMs: 10_000_000,
					at: 1000 + n,
				}),
			);
		state.apply(5000);
		expect(state.size).toBe(MAX_HANDOFF_PHONES);
		expect(state.holderOf('375291000000')).toBe('bot');
		expect(warnings).toHaveLength(1);
		for (let n = 0; n < MAX_CATCH_UP_ENTRIES + 5; n++)
			state.note(
				'375291000001',
				{ from: 'customer', text: 'y'.repeat(CATCH_UP_TEXT_MAX + 10), at: 6000 + n },
				false,
			);
		state.take(newHandoffChange({ phone: '375291000001', to: 'bot', at: 9000 }));
		state.apply(9000);
		const catchUp = state.takeCatchUp('375291000001')!;
		expect(catchUp.log).toHaveLength(MAX_CATCH_UP_ENTRIES);
		expect(catchUp.dropped).toBe(5);
		expect(catchUp.log[0].text).toHaveLength(CATCH_UP_TEXT_MAX);
		expect(state.takeCatchUp('375291000001')).toBeUndefined();
	});
});
