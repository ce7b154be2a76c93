interface TimedEvent {
	at: number;
	seq: number;
	run: (at: number) => void;
}

/** Min-heap of things to do at a given emulator time; equal times run in the order they were added. */
export class EventQueue {
	private heap: TimedEvent[] = [];
	private seq = 0;

	add(at: number, run: (at: number) => void): void {
		this.heap.push({ at, seq: this.seq++, run });
		this.up(this.heap.length - 1);
	}

	/** Runs every event due at or before `now`, including events that due events add. */
	runDue(now: number): void {
		while (this.heap.length > 0 && this.heap[0].at <= now) {
			const event = this.pop();
			event.run(event.at);
		}
	}

	clear(): void {
		this.heap = [];
	}

	private pop(): TimedEvent {
		const top = this.heap[0];
		const last = this.heap.pop() as TimedEvent;
		if (this.heap.length > 0) {
			this.heap[0] = last;
			this.down(0);
		}
		return top;
	}

	private before(a: TimedEvent, b: TimedEvent): boolean {
		return a.at < b.at || (a.at === b.at && a.seq < b.seq);
	}

	private up(index: number): void {
		let i = index;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (!this.before(this.heap[i], this.heap[parent])) return;
			[this.heap[i], this.heap[parent]] = [this.heap[parent], this.heap[i]];
			i = parent;
		}
	}

	private down(index: number): void {
		let i = index;
		for (;;) {
			const left = 2 * i + 1;
			const right = left + 1;
			let smallest = i;
			if (left < this.heap.length && this.before(this.heap[left], this.heap[smallest]))
				smallest = left;
			if (right < this.heap.length && this.before(this.heap[right], this.heap[smallest]))
				smallest = right;
			if (smallest === i) return;
			[this.heap[i], this.heap[smallest]] = [this.heap[smallest], this.heap[i]];
			i = smallest;
		}
	}
}
