export const MANUAL_CLOCK_START = Date.UTC(2026, 2, 2, 9, 0, 0);

/** The emulator's notion of now: a manual clock that only moves when advanced, or real time plus an offset. */
export class Clock {
	private manualNow = MANUAL_CLOCK_START;
	private offsetMs = 0;

	constructor(readonly mode: 'manual' | 'real') {}

	now(): number {
		return this.mode === 'manual' ? this.manualNow : Date.now() + this.offsetMs;
	}

	advance(seconds: number): void {
		if (!Number.isFinite(seconds) || seconds < 0) {
			throw new Error('seconds must be a finite number >= 0');
		}
		if (this.mode === 'manual') this.manualNow += seconds * 1000;
		else this.offsetMs += seconds * 1000;
	}

	reset(): void {
		this.manualNow = MANUAL_CLOCK_START;
		this.offsetMs = 0;
	}
}
