/**
 * Each kind of id has its own range, so an id of one kind never names an object of another
 * kind by accident (a chatname id sent as alphaname_id is unknown, not silently accepted).
 */
const FIRST_ID = {
	alphaname: 1001,
	chatname: 2001,
	list: 3001,
	template: 4001,
	smsMessage: 10_000_001,
	chatMessage: 20_000_001,
	delivery: 30_000_001,
	reply: 40_000_001,
} as const;

export type IdKind = keyof typeof FIRST_ID;

export class Ids {
	private next: Record<IdKind, number> = { ...FIRST_ID };

	take(kind: IdKind): number {
		return this.next[kind]++;
	}

	reset(): void {
		this.next = { ...FIRST_ID };
	}
}
