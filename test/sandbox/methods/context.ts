import type { CallbackSender } from '../callbacks';
import type { Account } from '../state/model';
import type { World } from '../state/world';

export interface HandlerContext {
	world: World;
	account: Account;
	callbacks: CallbackSender;
}

/** The v2 success envelope. */
export function ok(result: unknown): { status: 'OK'; result: unknown } {
	return { status: 'OK', result };
}

export function page<T>(items: T[], offset = 0, rows?: number): T[] {
	return items.slice(offset, rows === undefined ? undefined : offset + rows);
}
