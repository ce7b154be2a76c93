/**
 * Every relative link in the user and developer documentation points at a file that exists, and
 * every #anchor at a heading of that file, as GitHub renders it. The editor's "Docs" links of the
 * nodes and the credential land on README headings too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '../..');
const DOCUMENTS = [
	'README.md',
	'CONTRIBUTING.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];
const REPOSITORY_URL = 'https://github.com/messaging-service/n8n-nodes-messaging-service';

/** The text outside fenced code blocks and inline code, where Markdown links and headings live. */
function prose(markdown: string): string[] {
	let fenced = false;
	return markdown.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line.replace(/`[^`]*`/g, '\u0000');
	});
}

/** GitHub's anchor of a heading: its rendered text lower-cased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/[`*]/g, '');
	return text
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** The anchors of a Markdown file; a repeated heading gets -1, -2, ... as on GitHub. */
function anchorsOf(file: string): Set<string> {
	const markdown = readFileSync(file, 'utf8');
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

function linksOf(document: string): string[] {
	const lines = prose(readFileSync(join(ROOT, document), 'utf8'));
	const links: string[] = [];
	for (const line of lines) {
		for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
			links.push(match[1]);
		for (const match of line.matchAll(/<img\s[^>]*src="([^"]+)"/g)) links.push(match[1]);
	}
	return links;
}

/** What is wrong with a link of `document`, or undefined when it points at something that exists. */
function brokenLink(document: string, link: string): string | undefined {
	if (/^[a-z]+:/i.test(link)) return undefined;
	const [path, anchor] = link.split('#');
	const target =
		path === ''
			? join(ROOT, document)
			: resolve(dirname(join(ROOT, document)), decodeURIComponent(path));
	if (!target.startsWith(ROOT)) return `${link}: outside the repository`;
	if (!existsSync(target)) return `${link}: no file ${relative(ROOT, target)}`;
	if (anchor === undefined) return undefined;
	if (!target.endsWith('.md')) return `${link}: an anchor into a file that is not Markdown`;
	return anchorsOf(target).has(anchor)
		? undefined
		: `${link}: no heading "#${anchor}" in ${relative(ROOT, target)}`;
}

describe('documentation links', () => {
	it.each([
		['Send and Wait for Response', 'send-and-wait-for-response'],
		['What `npm test` does', 'what-npm-test-does'],
		[
			'IDs: picked from a list, or defaults in the credential',
			'ids-picked-from-a-list-or-defaults-in-the-credential',
		],
		[
			'Messaging Service Callback Trigger: outcomes of Send Batch',
			'messaging-service-callback-trigger-outcomes-of-send-batch',
		],
		['`http://` is refused', 'http-is-refused'],
		[
			'Chatbot: an AI Agent that answers chat replies',
			'chatbot-an-ai-agent-that-answers-chat-replies',
		],
		['See [Queue mode](queue-mode.md) and *more*', 'see-queue-mode-and-more'],
	])('the anchor of "%s" is #%s, as GitHub makes it', (heading, anchor) => {
		expect(slug(heading)).toBe(anchor);
	});

	it('finds links of every kind: Markdown links and images, <img src>, ../ paths, anchors', () => {
		expect(linksOf('README.md')).toEqual(
			expect.arrayContaining([
				'docs/node-in-editor.png',
				'docs/credentials.md#dates-and-time-zones',
				'#quick-start',
			]),
		);
		expect(linksOf('docs/send-and-wait.md')).toEqual(
			expect.arrayContaining(['send-and-wait-page.png', '../CONTRIBUTING.md#screenshots']),
		);
		expect(DOCUMENTS.flatMap(linksOf).length).toBeGreaterThan(50);
	});

	it.each(DOCUMENTS)(
		'every relative link and anchor in %s points at a file and heading that exist',
		(document) => {
			const broken = linksOf(document)
				.map((link) => brokenLink(document, link))
				.filter((problem): problem is string => problem !== undefined);
			expect(broken).toEqual([]);
		},
	);

	it('a broken file or anchor is reported', () => {
		expect(brokenLink('README.md', 'docs/no-such-page.md')).toMatch(
			/no file docs\/no-such-page\.md/,
		);
		expect(brokenLink('README.md', 'docs/trigger.md#no-such-heading')).toMatch(
			/no heading "#no-such-heading"/,
		);
		expect(brokenLink('README.md', '#quick-start')).toBeUndefined();
	});

	it('the README links every page of docs/ and CONTRIBUTING.md, so each is one click away', () => {
		const linked = new Set(linksOf('README.md').map((link) => link.split('#')[0]));
		const pages = DOCUMENTS.filter((document) => document !== 'README.md');
		expect(pages.filter((page) => !linked.has(page))).toEqual([]);
	});

	it("the editor's Docs links of the nodes and the credential land on README headings", () => {
		const urls = [
			...readdirSync(join(ROOT, 'nodes/MessagingService'))
				.filter((name) => name.endsWith('.node.json'))
				.flatMap((name) => {
					const codex = JSON.parse(
						readFileSync(join(ROOT, 'nodes/MessagingService', name), 'utf8'),
					) as {
						resources: Record<string, Array<{ url: string }>>;
					};
					return Object.values(codex.resources).flatMap((entries) =>
						entries.map((entry) => entry.url),
					);
				}),
			...[
				...readFileSync(
					join(ROOT, 'credentials/MessagingServiceApi.credentials.ts'),
					'utf8',
				).matchAll(/documentationUrl = '([^']+)'/g),
			].map((match) => match[1]),
		];
		expect(urls.length).toBeGreaterThanOrEqual(7);
		const readmeAnchors = anchorsOf(join(ROOT, 'README.md'));
		const missing = urls.filter(
			(url) => !url.startsWith(`${REPOSITORY_URL}#`) || !readmeAnchors.has(url.split('#')[1]),
		);
		expect(missing).toEqual([]);
	});
});
