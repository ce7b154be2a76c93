/** Recipients and Do Not Send To lists for the guards' tests: phones written the ways people write them. */

/** Recipient `index` (0..): Belarusian mobile numbers, one per index. */
export function recipientPhone(index: number): string {
	return String(375290000000 + index);
}

/**
 * A normalised phone written six ways, as lists kept by people and other systems have them:
 * with +, with spaces, with dashes, with brackets, with a leading 00, and with dots and a +00.
 */
export function writtenWay(phone: string, way: number): string {
	const [cc, op, a, b, c] = [
		phone.slice(0, 3),
		phone.slice(3, 5),
		phone.slice(5, 8),
		phone.slice(8, 10),
		phone.slice(10),
	];
	switch (way % 6) {
		case 0:
			return `+${phone}`;
		case 1:
			return `${cc} ${op} ${a} ${b} ${c}`;
		case 2:
			return `${cc}-${op}-${a}-${b}-${c}`;
		case 3:
			return `+${cc} (${op}) ${a}-${b}-${c}`;
		case 4:
			return `00${phone}`;
		default:
			return `+00${cc}.${op}.${a}.${b}${c}`;
	}
}

/** Every 20th of 1,000 recipients: 50 phones. */
export const SUPPRESSED_INDEXES = Array.from({ length: 50 }, (_, k) => k * 20 + 7);
