/**
 * All that base/ keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */

/** One formatter per zone (serviceTime.ts): making one costs far more than using it (quiet hours ask per recipient). */
export const formatterOfZone = new Map<string, Intl.DateTimeFormat>();
