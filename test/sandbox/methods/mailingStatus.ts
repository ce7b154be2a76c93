import type { Delivery } from '../state/model';

/** NEW while awaiting confirmation, SCHEDULED while waiting for its time, SENT once handed over. */
export function mailingStatus(deliveries: Delivery[], now: number): 'NEW' | 'SCHEDULED' | 'SENT' {
	if (deliveries.some((delivery) => delivery.sentAt === null)) return 'NEW';
	if (deliveries.some((delivery) => (delivery.sentAt as number) > now)) return 'SCHEDULED';
	return 'SENT';
}
