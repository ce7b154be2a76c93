// `npm run docs:recording`: drives the running demo (`npm run demo`) in headless Chromium and
// records one take of the package at work: the credential test, SMS > Send, a chatbot answering
// a burst once, a verification code sent and checked, and the AI Agent using SMS > Send as a
// tool. Writes the take to .recording/ (git-ignored) and the chatbot turn, as a looping GIF, to
// docs/chatbot-turn.gif.
// Usage: npm run docs:recording -- [--port 5678] [--emulator-port 18080] [--chromium /usr/bin/chromium]
//   [--output-dir .recording] [--excerpt docs/chatbot-turn.gif]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { host } from '../../test/e2e/lib/host';
import { ensureRecordingTools, openRecordingBrowser, type RecordingBrowser } from './browser';
import { connectToDemo, DEMO_TOKEN, type DemoSession } from './demo-setup';
import { Emulator } from './emulator';
import { durationOf, encodeExcerpt, encodeTake } from './encode';
import { Overlay } from './overlay';
import { credentialTest, signIn, smsSend } from './scenes-basics';
import { chatbot, CHATBOT_EXCERPT } from './scenes-chatbot';
import { agentWithSmsTool, verificationCode } from './scenes-flows';
import { linger, type Take } from './take';

const MAX_TAKE_SECONDS = 300;
const MAX_EXCERPT_BYTES = 450 * 1024;

function flag(name: string, fallback: string): string {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : fallback;
}

async function playScenes(take: Take): Promise<void> {
	await signIn(take);
	await credentialTest(take);
	await smsSend(take);
	await chatbot(take);
	await verificationCode(take);
	await agentWithSmsTool(take);
	await take.overlay.caption(
		'n8n-nodes-messaging-service',
		'Credential test, SMS > Send, a chatbot, verification codes and an AI tool: all in one package',
	);
	await linger(take, 3);
}

async function main(): Promise<void> {
	const n8nUrl = `http://127.0.0.1:${flag('--port', '5678')}`;
	const emulator = new Emulator(`http://127.0.0.1:${flag('--emulator-port', '18080')}`, DEMO_TOKEN);
	const outputDir = path.resolve(flag('--output-dir', path.join(host.repoRoot, '.recording')));
	const excerptFile = path.resolve(
		flag('--excerpt', path.join(host.repoRoot, 'docs', 'chatbot-turn.gif')),
	);

	ensureRecordingTools();
	let demo: DemoSession | undefined;
	let browser: RecordingBrowser | undefined;
	const rawDir = path.join(outputDir, 'raw');
	fs.rmSync(rawDir, { recursive: true, force: true });
	let video: string;
	let take: Take;
	try {
		demo = await connectToDemo(n8nUrl);
		await emulator.account().catch((error: Error) => {
			throw new Error(
				`no demo emulator at ${emulator.baseUrl} (${error.message}); pass the demo's --emulator-port`,
			);
		});
		browser = await openRecordingBrowser({
			chromium: flag('--chromium', '/usr/bin/chromium'),
			videoDir: rawDir,
		});
		take = {
			page: browser.page,
			overlay: new Overlay(browser.page),
			demo,
			emulator,
			n8nUrl,
			videoStartedAt: browser.videoStartedAt,
			marks: [],
		};
		await playScenes(take);
		video = await browser.finish();
		browser = undefined;
	} finally {
		await browser?.finish().catch(() => undefined);
		// A scene that failed midway leaves its example published: unpublished, as a finished scene leaves it.
		for (const workflowId of demo ? [demo.examples.chatbot, demo.examples.signUp] : []) {
			await demo?.client.deactivateWorkflow(workflowId).catch(() => undefined);
		}
		await demo?.model.close();
	}

	const takeFile = path.join(outputDir, 'take.mp4');
	encodeTake(video, takeFile);
	const takeSeconds = durationOf(takeFile);
	const turn = take.marks.find((mark) => mark.name === CHATBOT_EXCERPT);
	if (!turn) throw new Error('the chatbot scene marked no excerpt');
	fs.mkdirSync(path.dirname(excerptFile), { recursive: true });
	const excerpt = encodeExcerpt(
		video,
		excerptFile,
		turn.start,
		turn.end - turn.start,
		MAX_EXCERPT_BYTES,
	);
	fs.writeFileSync(
		path.join(outputDir, 'chapters.json'),
		`${JSON.stringify(take.marks, null, 2)}\n`,
	);

	const relative = (file: string) => path.relative(host.repoRoot, file);
	process.stdout.write(
		[
			'',
			`take:    ${relative(takeFile)}  ${takeSeconds.toFixed(1)} s, ${(fs.statSync(takeFile).size / 1024 / 1024).toFixed(1)} MB`,
			...take.marks.map(
				(mark) =>
					`           ${mark.start.toFixed(1).padStart(6)} s  ${mark.name} (${(mark.end - mark.start).toFixed(1)} s)`,
			),
			`excerpt: ${relative(excerptFile)}  ${(turn.end - turn.start).toFixed(1)} s, ${excerpt.width} px at ${excerpt.fps} fps, ${(excerpt.bytes / 1024).toFixed(0)} KB`,
			'',
		].join('\n'),
	);
	if (takeSeconds > MAX_TAKE_SECONDS)
		throw new Error(`the take is ${takeSeconds.toFixed(0)} s, over ${MAX_TAKE_SECONDS} s`);
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`recording failed: ${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
