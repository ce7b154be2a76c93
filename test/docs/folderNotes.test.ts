/**
 * Each folder of nodes/MessagingService/ has a short note (README.md: what it is for, what it may
 * import, where its tests are), every path a note names exists, and docs/ARCHITECTURE.md links every
 * note: a move that leaves a note stale fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PACKAGE = join(ROOT, 'nodes/MessagingService');
const FOLDERS = readdirSync(PACKAGE).filter((name) => statSync(join(PACKAGE, name)).isDirectory());

/** The paths a note names in inline code: a file (`x.ts`, `a/b.md`) or a folder (`a/`); patterns (`*`, `<resource>`) aside. */
function pathsOf(note: string): string[] {
	return [...note.matchAll(/`([^`\s]+)`/g)]
		.map((match) => match[1])
		.filter((text) => /(\.(ts|md|js)|\/)$/.test(text) && !/[*<>]/.test(text));
}

/** Read from the note's folder, the package's folder or the repository's root, as a reader would. */
function exists(folder: string, path: string): boolean {
	return [join(PACKAGE, folder), PACKAGE, ROOT].some((base) => existsSync(join(base, path)));
}

describe('folder notes', () => {
	it('finds the folders', () => {
		expect(FOLDERS).toEqual(
			expect.arrayContaining(['actions', 'handoff', 'guards', 'smsText', 'helpers', 'replies']),
		);
	});

	it.each(FOLDERS)(
		'%s/ has a note of 5 to 15 lines saying what it may import and where its tests are',
		(folder) => {
			const file = join(PACKAGE, folder, 'README.md');
			expect(existsSync(file)).toBe(true);
			const note = readFileSync(file, 'utf8');
			const lines = note.trimEnd().split('\n').length;
			expect(lines).toBeGreaterThanOrEqual(5);
			expect(lines).toBeLessThanOrEqual(15);
			expect(note).toMatch(/\*\*May import:\*\*/);
			expect(note).toMatch(/\*\*Tests:\*\*/);
		},
	);

	it.each(FOLDERS)('every path the note of %s/ names exists', (folder) => {
		const file = join(PACKAGE, folder, 'README.md');
		const missing = existsSync(file)
			? pathsOf(readFileSync(file, 'utf8')).filter((path) => !exists(folder, path))
			: [];
		expect(missing).toEqual([]);
	});

	it('docs/ARCHITECTURE.md links the note of every folder', () => {
		const architecture = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
		const unlinked = FOLDERS.filter(
			(folder) => !architecture.includes(`](../nodes/MessagingService/${folder}/README.md)`),
		);
		expect(unlinked).toEqual([]);
	});

	it('takes a path that is gone for missing', () => {
		expect(
			pathsOf(
				'see `handoff/view.ts`, `helpers/conversationHandoff.ts`, `test/e2e/handoff*.test.ts` and `CHAT_TRIGGER_NODE_NAME`',
			),
		).toEqual(['handoff/view.ts', 'helpers/conversationHandoff.ts']);
		expect(exists('handoff', 'view.ts')).toBe(true);
		expect(exists('handoff', 'helpers/conversationHandoff.ts')).toBe(false);
	});
});
