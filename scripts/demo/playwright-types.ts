// The few parts of playwright-core's API the screenshots and the recording use (the library is not a dependency of the repository).
export interface Locator {
	first(): Locator;
	last(): Locator;
	filter(options: { hasText: string | RegExp }): Locator;
	locator(selector: string): Locator;
	waitFor(options?: {
		timeout?: number;
		state?: 'attached' | 'visible' | 'hidden' | 'detached';
	}): Promise<void>;
	dblclick(): Promise<void>;
	click(): Promise<void>;
	hover(): Promise<void>;
	count(): Promise<number>;
}

export interface Page {
	goto(url: string): Promise<unknown>;
	setDefaultTimeout(ms: number): void;
	fill(selector: string, value: string): Promise<void>;
	keyboard: { press(key: string): Promise<void> };
	mouse: { move(x: number, y: number, options?: { steps?: number }): Promise<void> };
	waitForURL(predicate: (url: URL) => boolean, options?: { timeout?: number }): Promise<void>;
	waitForLoadState(state: 'load' | 'networkidle'): Promise<void>;
	waitForTimeout(ms: number): Promise<void>;
	locator(selector: string): Locator;
	getByText(text: string | RegExp, options?: { exact?: boolean }): Locator;
	evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
	addInitScript<A>(fn: (arg: A) => void, arg: A): Promise<void>;
	screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
	video(): { path(): Promise<string> } | null;
	close(): Promise<void>;
}

export interface BrowserContext {
	newPage(): Promise<Page>;
	close(): Promise<void>;
}

export interface Browser {
	newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
	newContext(options: {
		viewport: { width: number; height: number };
		recordVideo?: { dir: string; size: { width: number; height: number } };
	}): Promise<BrowserContext>;
	close(): Promise<void>;
}
