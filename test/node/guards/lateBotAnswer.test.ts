// The late bot answer guard: Chat Message > Send (and SMS > Send) in an execution that began as a
// bot turn of the Chat Trigger does not send to a phone a person took over after that turn was
// emitted. The execution is run in n8n's engine after the trigger's run data (the turn on Turns or
// on To Person); the hand-over comes from the trigger's copy in the global static data, or from an
// operation run in this process since (the in-process channel).
import type { IDataObject } from 'n8n-workflow';

import {
	applyHandoffChange,
	newHandoffChange,
	type HandoffRecord,
} from '../../../nodes/MessagingService/handoff/change';
import { MIRROR_KEY } from '../../../nodes/MessagingService/handoff/mirror';
import { publishHandoff } from '../../../nodes/MessagingService/handoff/inProcess';
import { CHAT_TRIGGER_NODE_TYPE } from '../../harness/chatTrigger';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();
const PHONE = '375291234567';
const TRIGGER = 'Messaging Service Chat Trigger';

let workflows = 0;

/** A turn of the phone as the Chat Trigger emits it, emitted `agoMs` before now. */
function turn(holder: 'bot' | 'person', agoMs: number): IDataObject {
	return {
		sessionId: PHONE,
		chatInput: 'where is my order?',
		conversation: { holder, turnEmittedAt: new Date(Date.now() - agoMs).toISOString() },
	};
}

/** The trigger's copy with the phone handed over `agoMs` before now (and back, when given), written `savedAgoMs` before now. */
function mirrorWith(overAgoMs: number, backAgoMs?: number, savedAgoMs = 0): IDataObject {
	let record: HandoffRecord | undefined = applyHandoffChange(
		undefined,
		newHandoffChange({
			phone: PHONE,
			to: 'person',
			at: Date.now() - overAgoMs,
			untilMs: Date.now() + 3600_000,
		}),
	);
	if (backAgoMs !== undefined)
		record = applyHandoffChange(
			record,
			newHandoffChange({ phone: PHONE, to: 'bot', at: Date.now() - backAgoMs }),
		);
	return {
		global: {
			[MIRROR_KEY]: {
				v: 1,
				zone: 'UTC',
				phones: { [PHONE]: record },
				known: PHONE,
				savedAt: Date.now() - savedAgoMs,
			},
		},
	};
}

async function answer(options: {
	resource?: 'chatMessage' | 'sms';
	holder: 'bot' | 'person';
	turnAgoMs: number;
	staticData?: IDataObject;
	workflowId?: string;
	phone?: string;
	turnFields?: IDataObject;
}) {
	const resource = options.resource ?? 'chatMessage';
	const parameters =
		resource === 'chatMessage'
			? params(fixture.account, 'chatMessage', 'send', {
					phone: `+${options.phone ?? PHONE}`,
					messageType: 'TEXT',
					message: 'Your order ships today',
				})
			: params(fixture.account, 'sms', 'send', {
					phone: `+${PHONE}`,
					text: 'Your order ships today',
				});
	const output = options.holder === 'bot' ? 0 : 2;
	const outputs: IDataObject[][] = [[], [], []];
	outputs[output].push({ ...turn(options.holder, options.turnAgoMs), ...options.turnFields });
	return await fixture.run({
		parameters,
		staticData: options.staticData ?? {
			global: { [MIRROR_KEY]: { v: 1, zone: 'UTC', phones: {}, known: PHONE } },
		},
		workflowId: options.workflowId ?? `late-answer-${++workflows}`,
		upstream: { name: TRIGGER, type: CHAT_TRIGGER_NODE_TYPE, outputs, output },
		items: [{ output: 'Your order ships today' }],
	});
}

const sent = () =>
	fixture.sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'sendQuickChatMessage' || request.apiMethod === 'sendQuickSMS',
		).length;

describe('the late bot answer guard', () => {
	it('a bot turn emitted before the hand-over is not answered: sent false, reason handedOver, nothing reaches the service', async () => {
		const { items, error } = await answer({
			holder: 'bot',
			turnAgoMs: 5000,
			staticData: mirrorWith(2000),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			sent: false,
			reason: 'handedOver',
			phone: PHONE,
			holder: 'person',
		});
		expect(sent()).toBe(0);
	});

	it('SMS > Send to the same phone is held back too', async () => {
		const { items } = await answer({
			resource: 'sms',
			holder: 'bot',
			turnAgoMs: 5000,
			staticData: mirrorWith(2000),
		});
		expect(items[0].json).toMatchObject({ sent: false, reason: 'handedOver' });
		expect(sent()).toBe(0);
	});

	it('handed over and back while the bot turn ran: still held back (the person may have answered in between)', async () => {
		const { items } = await answer({
			holder: 'bot',
			turnAgoMs: 5000,
			staticData: mirrorWith(3000, 1000),
		});
		expect(items[0].json).toMatchObject({ sent: false, reason: 'handedOver', holder: 'bot' });
		expect(sent()).toBe(0);
	});

	it("a hand-over made in this process after the execution started (the agent's own tool): held back", async () => {
		const workflowId = `late-answer-${++workflows}`;
		publishHandoff(
			workflowId,
			newHandoffChange({
				phone: PHONE,
				to: 'person',
				at: Date.now() - 100,
				untilMs: Date.now() + 60_000,
			}),
		);
		const { items } = await answer({ holder: 'bot', turnAgoMs: 5000, workflowId });
		expect(items[0].json).toMatchObject({ sent: false, reason: 'handedOver' });
		expect(sent()).toBe(0);
	});

	it('a bot turn emitted after the hand-back is answered; so is a turn with no hand-over', async () => {
		const after = await answer({
			holder: 'bot',
			turnAgoMs: 500,
			staticData: mirrorWith(3000, 1000),
		});
		expect(after.items[0].json).toEqual({ message_id: expect.any(Number) });
		const plain = await answer({ holder: 'bot', turnAgoMs: 500 });
		expect(plain.items[0].json).toEqual({ message_id: expect.any(Number) });
		expect(sent()).toBe(2);
	});

	// n8n loads an execution's static data from the database while the emit's save of it may still be
	// under way (queue mode, a worker: no live state to look at), so the copy can be an emit behind
	it('a bot turn after the hand-back, started with the copy of the emit before it (a person still there): answered', async () => {
		const { items } = await answer({
			holder: 'bot',
			turnAgoMs: 500,
			staticData: mirrorWith(60_000, undefined, 20_000),
		});
		expect(items[0].json).toEqual({ message_id: expect.any(Number) });
		expect(sent()).toBe(1);
	});

	it('a copy written after the turn that says a person has the phone: held back', async () => {
		const { items } = await answer({
			holder: 'bot',
			turnAgoMs: 5000,
			staticData: mirrorWith(60_000, undefined, 1000),
		});
		expect(items[0].json).toMatchObject({ sent: false, reason: 'handedOver', holder: 'person' });
		expect(sent()).toBe(0);
	});

	it("the person's answer (an execution that began on To Person) goes out", async () => {
		const { items } = await answer({
			holder: 'person',
			turnAgoMs: 500,
			staticData: mirrorWith(3000),
		});
		expect(items[0].json).toEqual({ message_id: expect.any(Number) });
		expect(sent()).toBe(1);
	});

	describe('a turn the Chat Trigger emitted again after a stop (redelivered)', () => {
		const REDELIVERED_ANSWERED = { redelivered: true, alreadyAnswered: true };

		it("answered before the stop: the bot's answer to its phone is held back (reason alreadyAnswered), with or without handoff", async () => {
			const withHandoff = await answer({
				holder: 'bot',
				turnAgoMs: 500,
				turnFields: REDELIVERED_ANSWERED,
			});
			expect(withHandoff.items[0].json).toEqual({
				sent: false,
				reason: 'alreadyAnswered',
				phone: PHONE,
			});
			const withoutHandoff = await answer({
				holder: 'bot',
				turnAgoMs: 500,
				turnFields: { ...REDELIVERED_ANSWERED, conversation: undefined },
			});
			expect(withoutHandoff.items[0].json).toEqual({
				sent: false,
				reason: 'alreadyAnswered',
				phone: PHONE,
			});
			expect(sent()).toBe(0);
		});

		it('goes out when not answered before the stop, and to another phone in any case', async () => {
			const notAnswered = await answer({
				holder: 'bot',
				turnAgoMs: 500,
				turnFields: { redelivered: true },
			});
			expect(notAnswered.items[0].json).toEqual({ message_id: expect.any(Number) });
			const elsewhere = await answer({
				holder: 'bot',
				turnAgoMs: 500,
				turnFields: REDELIVERED_ANSWERED,
				phone: '375297654321',
			});
			expect(elsewhere.items[0].json).toEqual({ message_id: expect.any(Number) });
			expect(sent()).toBe(2);
		});
	});
});
