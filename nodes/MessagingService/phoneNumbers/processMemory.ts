/**
 * All that phoneNumbers/ keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */

/** English country names (plans.ts), made at the first use: making them costs more than reading one. */
export const regionNames: { names?: Intl.DisplayNames } = {};
