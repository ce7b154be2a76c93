import type { Delivery } from './model';

/**
 * How long after a message is handed over for sending its status moves on.
 * SMS and verification codes: NEW -> sent (+5 s) -> delivered (+60 s).
 * Chat: SENT -> DELIVERED (+5 s) -> READ (+60 s); NEW before it is handed over.
 * Batch delivery entries: NEW -> DELIVERED (+5 s).
 * A message to an unreachable phone never gets past the first step after hand-over.
 */
export const SENT_AFTER_MS = 5_000;
export const DELIVERED_AFTER_MS = 5_000;
export const SMS_DELIVERED_AFTER_MS = 60_000;
export const READ_AFTER_MS = 60_000;

function handedOver(delivery: Delivery, now: number): delivery is Delivery & { sentAt: number } {
	return delivery.sentAt !== null && delivery.sentAt <= now;
}

export type SmsStatus = 'NEW' | 'sent' | 'delivered';

export function smsStatus(delivery: Delivery, now: number): SmsStatus {
	if (!handedOver(delivery, now) || now < delivery.sentAt + SENT_AFTER_MS) return 'NEW';
	if (delivery.undeliverable || now < delivery.sentAt + SMS_DELIVERED_AFTER_MS) return 'sent';
	return 'delivered';
}

/** Emulator times at which an SMS became sent / delivered, or null when not (yet). */
export function smsMilestones(
	delivery: Delivery,
	now: number,
): { sent: number | null; delivered: number | null } {
	const status = smsStatus(delivery, now);
	const sentAt = delivery.sentAt ?? 0;
	return {
		sent: status === 'NEW' ? null : sentAt + SENT_AFTER_MS,
		delivered: status === 'delivered' ? sentAt + SMS_DELIVERED_AFTER_MS : null,
	};
}

export type ChatStatus = 'NEW' | 'SENT' | 'DELIVERED' | 'READ';

export function chatStatus(delivery: Delivery, now: number): ChatStatus {
	if (!handedOver(delivery, now)) return 'NEW';
	if (delivery.undeliverable || now < delivery.sentAt + DELIVERED_AFTER_MS) return 'SENT';
	if (now < delivery.sentAt + READ_AFTER_MS) return 'DELIVERED';
	return 'READ';
}

export function isDelivered(delivery: Delivery, now: number): boolean {
	return delivery.channel === 'chat'
		? ['DELIVERED', 'READ'].includes(chatStatus(delivery, now))
		: smsStatus(delivery, now) === 'delivered';
}

/** A batch delivery entry: its status and the time it took that status. */
export function batchStatus(
	delivery: Delivery,
	now: number,
): { status: 'NEW' | 'DELIVERED'; since: number } {
	if (
		handedOver(delivery, now) &&
		!delivery.undeliverable &&
		now >= delivery.sentAt + DELIVERED_AFTER_MS
	) {
		return { status: 'DELIVERED', since: delivery.sentAt + DELIVERED_AFTER_MS };
	}
	return { status: 'NEW', since: delivery.createdAt };
}
