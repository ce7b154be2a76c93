/** Numeric IDs in number order (a shorter one is smaller), others as text. */
export function compareIds(a: string, b: string): number {
	if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
	return a < b ? -1 : a > b ? 1 : 0;
}
