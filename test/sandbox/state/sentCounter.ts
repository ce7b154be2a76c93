import type { Channel, Counters, SentGroup } from '../types';

/** Messages really handed over for sending, grouped by channel + phone + text. */
export class SentCounter {
	private groups = new Map<string, SentGroup>();

	record(channel: Channel, phone: string, text: string): void {
		const key = `${channel}\u0000${phone}\u0000${text}`;
		const group = this.groups.get(key);
		if (group) group.count += 1;
		else this.groups.set(key, { channel, phone, text, count: 1 });
	}

	summary(): Pick<Counters, 'sent' | 'messagesSent' | 'duplicates'> {
		const sent = [...this.groups.values()].map((group) => ({ ...group }));
		return {
			sent,
			messagesSent: sent.reduce((sum, group) => sum + group.count, 0),
			duplicates: sent.filter((group) => group.count > 1).length,
		};
	}

	clear(): void {
		this.groups.clear();
	}
}
