/**
 * The emulator told a service time zone: the times it receives (no offset) are read there, and the
 * times it writes are written there. A repeated wall time is the earlier moment, a skipped one past
 * the gap (America/New_York: back on 1 November 2026 at 02:00 EDT, forward on 8 March at 02:00 EST).
 */
import { alpha, bulkSms, call, chatList, PHONE, smsBatchBody, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

describe('the service time zone', () => {
	const ctx = useEmulator();

	const scheduledAt = async (schedule_time: string) => {
		await bulkSms(
			ctx,
			smsBatchBody(ctx, [
				{
					alphaname_id: alpha(ctx),
					name: 'later',
					message_type: 'bulk',
					text: schedule_time,
					schedule_time,
					delivery_list: [PHONE],
				},
			]),
		);
		return ctx.sandbox.handOvers(TOKEN).find((handOver) => handOver.text === schedule_time)?.at;
	};

	it('is UTC until told another, and again after reset()', async () => {
		expect(await scheduledAt('2026-07-01T12:00:00')).toBe('2026-07-01T12:00:00.000Z');
		ctx.sandbox.setServiceTimeZone('America/New_York');
		ctx.sandbox.reset();
		expect(await scheduledAt('2026-07-01T12:00:00')).toBe('2026-07-01T12:00:00.000Z');
	});

	it.each([
		['summer time', '2026-07-01T12:00:00', '2026-07-01T16:00:00.000Z'],
		['winter time', '2026-12-01T12:00:00', '2026-12-01T17:00:00.000Z'],
		[
			'a repeated wall time: the earlier moment (EDT)',
			'2026-11-01T01:30:00',
			'2026-11-01T05:30:00.000Z',
		],
		['the first time after the repeated hour', '2026-11-01T02:00:00', '2026-11-01T07:00:00.000Z'],
		[
			'a skipped wall time: past the gap (03:30 EDT)',
			'2026-03-08T02:30:00',
			'2026-03-08T07:30:00.000Z',
		],
	])('reads a schedule_time in it: %s', async (_case, wall, moment) => {
		ctx.sandbox.setServiceTimeZone('America/New_York');
		expect(await scheduledAt(wall)).toBe(moment);
	});

	it('writes its times in it: the d_schedule of a chat mailing comes back as it was sent', async () => {
		ctx.sandbox.setServiceTimeZone('Europe/Berlin');
		const messageId = await chatList(ctx, { d_schedule: '2026-10-25 03:00' });
		const { json } = await call(ctx.sandbox, 'v2/getChatMessageData', {
			query: { token: TOKEN },
			form: { message_id: String(messageId) },
		});
		expect((json.result as { d_schedule: string }).d_schedule).toBe('2026-10-25 03:00:00');
		expect((json.result as { d_create: string }).d_create).toBe('2026-03-02 10:00:00');
	});

	it('refuses a zone Intl does not know, over HTTP too', async () => {
		expect(() => ctx.sandbox.setServiceTimeZone('Europe/Atlantis')).toThrow();
		const answer = await fetch(`${ctx.sandbox.url}/__sandbox/service-time-zone`, {
			method: 'PUT',
			body: JSON.stringify({ zone: 'Europe/Atlantis' }),
		});
		expect(answer.status).toBe(400);
		const set = await fetch(`${ctx.sandbox.url}/__sandbox/service-time-zone`, {
			method: 'PUT',
			body: JSON.stringify({ zone: 'Australia/Sydney' }),
		});
		expect(await set.json()).toEqual({ zone: 'Australia/Sydney' });
		expect(await scheduledAt('2026-04-05T02:30:00')).toBe('2026-04-04T15:30:00.000Z');
	});
});
