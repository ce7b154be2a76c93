import type { Page } from '../demo/playwright-types';
import type { DemoSession } from './demo-setup';
import type { Emulator } from './emulator';
import type { Overlay } from './overlay';

/** A stretch of the video, in seconds from its first frame. */
export interface Mark {
	name: string;
	start: number;
	end: number;
}

/** Everything a scene needs: the page being recorded, its overlay, the demo and the video's clock. */
export interface Take {
	page: Page;
	overlay: Overlay;
	demo: DemoSession;
	emulator: Emulator;
	n8nUrl: string;
	videoStartedAt: number;
	marks: Mark[];
}

/** Seconds since the video's first frame. */
export const videoTime = (take: Take): number => (Date.now() - take.videoStartedAt) / 1000;

/** Runs a scene and remembers where in the video it is. */
export async function scene(take: Take, name: string, play: () => Promise<void>): Promise<void> {
	const start = videoTime(take);
	process.stdout.write(`[recording ${start.toFixed(0)} s] ${name}\n`);
	await play();
	take.marks.push({ name, start, end: videoTime(take) });
}

/** A pause for the viewer to read what is on screen; never a wait for the application. */
export const linger = async (take: Take, seconds: number): Promise<void> =>
	await take.page.waitForTimeout(seconds * 1000);

export const canvasNode = (take: Take, name: string) =>
	take.page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).first();

/** Opens a workflow in the editor, waits until its canvas shows the given node and fits the canvas to the editor's size. */
export async function openWorkflow(
	take: Take,
	workflowId: string,
	someNode: string,
): Promise<void> {
	await take.overlay.goto(`${take.n8nUrl}/workflow/${workflowId}`);
	await canvasNode(take, someNode).waitFor();
	await take.page.locator('[data-test-id="zoom-to-fit"]').first().click();
}
