import type { Page } from '../demo/playwright-types';

/** One message on the customer's phone: from the business (left) or from the customer (right). */
export interface Bubble {
	from: 'business' | 'customer';
	text: string;
}

interface OverlayState {
	step: string;
	caption: string;
	phone?: { title: string; bubbles: Bubble[] };
}

const PHONE_WIDTH = 330;
const CAPTION_HEIGHT = 78;

/**
 * What the viewer reads beside the editor: a caption strip at the bottom (the step and what is
 * happening) and, in the scenes where a customer takes part, their phone at the right; the
 * editor is shrunk to the rest of the window, so neither covers it. The page forgets all this
 * on every navigation, so the state lives here and `show` draws it again.
 */
export class Overlay {
	private state: OverlayState = { step: '', caption: '' };
	private editorLoaded = false;

	constructor(private readonly page: Page) {}

	async caption(step: string, caption: string): Promise<void> {
		this.state = { ...this.state, step, caption };
		await this.show();
	}

	async phone(title: string, bubbles: Bubble[]): Promise<void> {
		this.state = { ...this.state, phone: { title, bubbles } };
		await this.show();
	}

	async hidePhone(): Promise<void> {
		this.state = { ...this.state, phone: undefined };
		await this.show();
	}

	/**
	 * Opens a page of the editor. Once the editor has loaded, through its router (as a click on
	 * a link would): a full reload of the editor takes many seconds of spinner on a busy machine.
	 */
	async goto(url: string): Promise<void> {
		if (this.editorLoaded) {
			await this.page.evaluate(navigateInEditor, url);
		} else {
			await this.page.goto(url);
			await this.page.locator('#app').first().waitFor({ state: 'attached' });
			this.editorLoaded = !new URL(url).pathname.startsWith('/signin');
		}
		await this.show();
	}

	async show(): Promise<void> {
		await this.page.evaluate(drawOverlay, {
			...this.state,
			phoneWidth: PHONE_WIDTH,
			captionHeight: CAPTION_HEIGHT,
		});
	}
}

// The page's DOM, as far as drawOverlay uses it (the project compiles without the DOM library).
interface PageElement {
	id: string;
	textContent: string | null;
	style: { cssText: string };
	appendChild(child: PageElement): void;
	replaceChildren(...children: PageElement[]): void;
}
declare const history: { pushState(state: null, unused: string, url: string): void };
declare function dispatchEvent(event: unknown): void;
declare const PopStateEvent: new (type: string, init: { state: null }) => unknown;
declare const document: {
	body: PageElement;
	getElementById(id: string): PageElement | null;
	createElement(tag: string): PageElement;
};

/** Runs in the page: the editor's router (vue-router) follows the history's popstate event. */
function navigateInEditor(url: string): void {
	history.pushState(null, '', url);
	dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/** Runs in the page (Playwright sends its source): plain DOM, no access to anything of the script. */
function drawOverlay(state: OverlayState & { phoneWidth: number; captionHeight: number }): void {
	const element = (id: string, css: string): PageElement => {
		let found = document.getElementById(id);
		if (!found) {
			found = document.createElement('div');
			found.id = id;
			document.body.appendChild(found);
		}
		found.style.cssText = css;
		return found;
	};
	const text = (tag: string, content: string, css: string): PageElement => {
		const node = document.createElement(tag);
		node.textContent = content;
		node.style.cssText = css;
		return node;
	};
	const font = 'font-family: system-ui, sans-serif; pointer-events: none; z-index: 2147483647;';
	const phoneWidth = state.phone ? state.phoneWidth : 0;
	const app = document.getElementById('app');
	if (app)
		app.style.cssText = `width: calc(100vw - ${phoneWidth}px); height: calc(100vh - ${state.captionHeight}px); overflow: hidden; position: relative;`;
	// n8n's production checklist pops up over every published workflow: not what the take is about.
	if (!document.getElementById('recording-style')) {
		const sheet = document.createElement('style');
		sheet.id = 'recording-style';
		sheet.textContent = [
			'[data-reka-popper-content-wrapper]:has([data-test-id="suggested-actions-close"]) { display: none !important; }',
			// The editor's layout grids are 100vh high: they fit the shrunk #app instead.
			'#app .app-grid { height: 100% !important; min-height: 0 !important; }',
		].join('\n');
		document.body.appendChild(sheet);
	}

	const bar = element(
		'recording-caption',
		`${font} position: fixed; left: 0; bottom: 0; right: ${phoneWidth}px; height: ${state.captionHeight}px; box-sizing: border-box; background: #141821; color: #fff; padding: 8px 18px; overflow: hidden;`,
	);
	bar.replaceChildren(
		text(
			'div',
			state.step,
			'font-size: 13px; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: #ff9b6a;',
		),
		text('div', state.caption, 'font-size: 18px; line-height: 1.3; margin-top: 2px;'),
	);

	const phone = element(
		'recording-phone',
		`${font} position: fixed; top: 0; right: 0; bottom: 0; width: ${state.phoneWidth}px; box-sizing: border-box; background: #e9edf2; border-left: 1px solid #c9d1db; display: ${state.phone ? 'flex' : 'none'}; flex-direction: column;`,
	);
	if (!state.phone) return;
	const header = text(
		'div',
		state.phone.title,
		'background: #2b6f5e; color: #fff; font-size: 16px; font-weight: 600; padding: 16px;',
	);
	const list = document.createElement('div');
	list.style.cssText =
		'flex: 1; display: flex; flex-direction: column; justify-content: flex-end; gap: 8px; padding: 14px; overflow: hidden;';
	for (const bubble of state.phone.bubbles) {
		const mine = bubble.from === 'customer';
		list.appendChild(
			text(
				'div',
				bubble.text,
				`max-width: 80%; align-self: ${mine ? 'flex-end' : 'flex-start'}; background: ${mine ? '#d4f5c4' : '#fff'}; color: #1b1f24; font-size: 16px; line-height: 1.35; padding: 8px 12px; border-radius: 12px; box-shadow: 0 1px 2px rgba(0,0,0,0.15); white-space: pre-wrap;`,
			),
		);
	}
	phone.replaceChildren(header, list);
}
