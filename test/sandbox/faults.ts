import { z } from 'zod';
import type { FaultConfig, FaultRule } from './types';

export const faultConfigSchema = z
	.object({
		latencyMs: z.number().int().min(0).optional(),
		rateLimit: z
			.object({
				perSecond: z.number().int().min(1),
				retryAfterSeconds: z.number().int().min(0).optional(),
				afterRequests: z.number().int().min(0).optional(),
			})
			.strict()
			.optional(),
		rules: z
			.array(
				z
					.object({
						apiMethod: z.string().optional(),
						kind: z.enum([
							'429',
							'400',
							'500-before',
							'500-after',
							'html',
							'truncated',
							'drop-before',
							'drop-after',
							'delay',
						]),
						count: z.number().int().min(1).optional(),
						after: z.number().int().min(0).optional(),
						retryAfter: z.string().optional(),
						delayMs: z.number().int().min(0).optional(),
					})
					.strict(),
			)
			.optional(),
	})
	.strict();

const WINDOW_MS = 1000;

/** The fault switches: latency, a rolling-second rate limit, and rules that hit matching requests. */
export class Faults {
	private config: FaultConfig = {};
	private remaining: Array<number | undefined> = [];
	private passed: number[] = [];
	private admitted: number[] = [];
	/** requests that met the rate limit since the faults were set */
	private metLimit = 0;

	set(config: FaultConfig): void {
		this.config = structuredClone(faultConfigSchema.parse(config));
		this.remaining = (this.config.rules ?? []).map((rule) => rule.count);
		this.passed = (this.config.rules ?? []).map(() => 0);
		this.admitted = [];
		this.metLimit = 0;
	}

	clear(): void {
		this.set({});
	}

	get latencyMs(): number {
		return this.config.latencyMs ?? 0;
	}

	/**
	 * Retry-After value when the request is over the rate limit, else null (and the request counts
	 * toward it). The first `afterRequests` requests pass unlimited and uncounted: the limit starts after them.
	 */
	rateLimited(nowMs = Date.now()): string | null {
		const limit = this.config.rateLimit;
		if (!limit) return null;
		if (++this.metLimit <= (limit.afterRequests ?? 0)) return null;
		while (this.admitted.length > 0 && this.admitted[0] <= nowMs - WINDOW_MS) this.admitted.shift();
		if (this.admitted.length >= limit.perSecond) return String(limit.retryAfterSeconds ?? 1);
		this.admitted.push(nowMs);
		return null;
	}

	/** The first rule that matches this API method and has hits left; using it spends one hit. */
	take(apiMethod: string): FaultRule | null {
		const rules = this.config.rules ?? [];
		for (let index = 0; index < rules.length; index++) {
			const rule = rules[index];
			if (rule.apiMethod !== undefined && rule.apiMethod !== apiMethod) continue;
			if (this.passed[index] < (rule.after ?? 0)) {
				this.passed[index]++;
				continue;
			}
			const left = this.remaining[index];
			if (left === 0) continue;
			if (left !== undefined) this.remaining[index] = left - 1;
			return rule;
		}
		return null;
	}
}
