import type { Delivery } from './model';

/**
 * How long after a message is handed over for sending its status moves on.
 * SMS and verification codes: NEW -> sent (+5 s) -> delivered (+60 s).
 * Chat: SENT -> DELIVERED (+5 s) -> READ (+60 s); NEW before it is handed over.
 * Batch delivery entries: NEW -> DELIVERED (+5 s).
 * A message to an unreachable phone never gets past the first step after hand-over; one to a
 * phone told to fail (setFailing) takes its failure status where it would have been delivered.
 */
export const SENT_AFTER_MS = 5_000;
export const DELIVERED_AFTER_MS = 5_000;
export const SMS_DELIVERED_AFTER_MS = 60_000;
export const READ_AFTER_MS = 60_000;

function handedOver(delivery: Delivery, now: number): delivery is Delivery & { sentAt: number } {
	return delivery.sentAt !== null && delivery.sentAt <= now;
}

/** 'NEW', 'sent', 'delivered', or the status of a failure (setFailing) */
export type SmsStatus = string;

export function smsStatus(delivery: Delivery, now: number): SmsStatus {
	if (!handedOver(delivery, now) || now < delivery.sentAt + SENT_AFTER_MS) return 'NEW';
	if (delivery.undeliverable || now < delivery.sentAt + SMS_DELIVERED_AFTER_MS) return 'sent';
	return delivery.failure ? delivery.failure.status : 'delivered';
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
		// a failure is not a delivery
		delivered: status === 'delivered' ? sentAt + SMS_DELIVERED_AFTER_MS : null,
	};
}

/** 'NEW', 'SENT', 'DELIVERED', 'READ', or the status of a failure (setFailing) */
export type ChatStatus = string;

export function chatStatus(delivery: Delivery, now: number): ChatStatus {
	if (!handedOver(delivery, now)) return 'NEW';
	if (delivery.undeliverable || now < delivery.sentAt + DELIVERED_AFTER_MS) return 'SENT';
	if (delivery.failure) return delivery.failure.status;
	if (now < delivery.sentAt + READ_AFTER_MS) return 'DELIVERED';
	return 'READ';
}

/** error_code of a chat delivery: its failure's once it failed, else 0. */
export function chatErrorCode(delivery: Delivery, now: number): number {
	return delivery.failure && chatStatus(delivery, now) === delivery.failure.status
		? delivery.failure.errorCode
		: 0;
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
		!delivery.failure &&
		now >= delivery.sentAt + DELIVERED_AFTER_MS
	) {
		return { status: 'DELIVERED', since: delivery.sentAt + DELIVERED_AFTER_MS };
	}
	return { status: 'NEW', since: delivery.createdAt };
}
