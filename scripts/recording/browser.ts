import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { host } from '../../test/e2e/lib/host';
import { CHROMIUM_FLAGS, loadPlaywright } from '../demo/playwright';
import type { Browser, BrowserContext, Page } from '../demo/playwright-types';

export const VIDEO_SIZE = { width: 1280, height: 720 };

/** Chromium and ffmpeg from Debian's packages, installed by scripts/recording/install-tools.sh when missing. */
export function ensureRecordingTools(): void {
	execFileSync('bash', [path.join(host.repoRoot, 'scripts', 'recording', 'install-tools.sh')], {
		stdio: 'inherit',
	});
}

/**
 * Playwright records video by piping frames to the ffmpeg of its own browser registry, a
 * download these machines cannot make; Debian's ffmpeg takes the same arguments, so a registry
 * folder of our own points Playwright at it. PLAYWRIGHT_BROWSERS_PATH must be set before
 * Playwright loads; the link is made after, from the revision its browsers.json names.
 */
const registryDir = path.join(host.hostDir, 'tools', 'playwright-registry');

function linkDebianFfmpegIntoRegistry(): void {
	const browsersJson = path.join(
		host.hostDir,
		'tools',
		'node_modules',
		'playwright-core',
		'browsers.json',
	);
	const registry = JSON.parse(fs.readFileSync(browsersJson, 'utf8')) as {
		browsers: Array<{ name: string; revision: string }>;
	};
	const revision = registry.browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
	if (!revision) throw new Error(`${browsersJson} names no ffmpeg revision`);
	const ffmpegDir = path.join(registryDir, `ffmpeg-${revision}`);
	const link = path.join(ffmpegDir, 'ffmpeg-linux');
	fs.mkdirSync(ffmpegDir, { recursive: true });
	fs.rmSync(link, { force: true });
	fs.symlinkSync(execFileSync('sh', ['-c', 'command -v ffmpeg']).toString().trim(), link);
	fs.writeFileSync(path.join(ffmpegDir, 'INSTALLATION_COMPLETE'), '');
}

export interface RecordingBrowser {
	page: Page;
	/** Date.now() when the video's first frame was taken: scene marks are counted from it. */
	videoStartedAt: number;
	/** Closes the page and the browser; resolves with the path of the finished .webm video. */
	finish(): Promise<string>;
}

/** Headless Debian Chromium with one page whose every frame goes into a video under `videoDir`. */
export async function openRecordingBrowser(options: {
	chromium: string;
	videoDir: string;
}): Promise<RecordingBrowser> {
	process.env.PLAYWRIGHT_BROWSERS_PATH = registryDir;
	const { chromium } = loadPlaywright();
	linkDebianFfmpegIntoRegistry();
	const browser: Browser = await chromium.launch({
		executablePath: options.chromium,
		args: CHROMIUM_FLAGS,
	});
	let context: BrowserContext | undefined;
	try {
		context = await browser.newContext({
			viewport: VIDEO_SIZE,
			recordVideo: { dir: options.videoDir, size: VIDEO_SIZE },
		});
		const page = await context.newPage();
		const videoStartedAt = Date.now();
		page.setDefaultTimeout(120000);
		const opened = context;
		return {
			page,
			videoStartedAt,
			finish: async () => {
				const video = page.video();
				await opened.close();
				await browser.close();
				if (!video) throw new Error('Playwright recorded no video');
				return await video.path();
			},
		};
	} catch (error) {
		await browser.close();
		throw error;
	}
}
