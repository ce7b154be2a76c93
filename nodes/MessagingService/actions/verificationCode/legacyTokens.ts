/**
 * Tokens of earlier versions of the package (`v: 1`) carry no scope: nothing in them says which
 * workflow sent them, and that workflow's static data has no record of them until they are checked
 * (Send kept only the phone's cooldown). So the first Check in this n8n process that reads one takes
 * it for its own scope, and from then on a Check of any other scope answers wrongScope. Such tokens
 * live at most 60 minutes (the longest Code Valid For), so this ends an hour after the upgrade.
 */
import { sharedInThisProcess } from './processMemory';
import type { TokenClaims, VerificationKeys } from './verificationToken';
import type { Scope, StateLocation } from './verificationScope';
import { MAX_ENTRIES } from './verificationState';

export type LegacyHolding =
	| { held: true }
	| { held: false; holder: Scope }
	| { held: false; full: true };

/** Takes the token for `location`'s scope, unless another scope holds it. Nothing is awaited. */
export function holdLegacyToken(
	keys: VerificationKeys,
	claims: TokenClaims,
	location: StateLocation,
	now: number,
): LegacyHolding {
	const holders = sharedInThisProcess.legacyTokenHolders;
	const key = `${keys.id} ${claims.nonce}`;
	const holderKey = location.memoryKey ?? 'unsaved workflow';
	const known = holders.get(key);
	if (known && known.expiresAt > now)
		return known.holderKey === holderKey ? { held: true } : { held: false, holder: known.holder };
	if (holders.size >= MAX_ENTRIES) {
		for (const [each, holding] of holders) if (holding.expiresAt <= now) holders.delete(each);
		if (holders.size >= MAX_ENTRIES) return { held: false, full: true };
	}
	holders.set(key, { holder: location.scope, holderKey, expiresAt: claims.expiresAt });
	return { held: true };
}
