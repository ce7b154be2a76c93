// The few parts of playwright-core's API the screenshot uses (the library is not a dependency of the repository).
export interface Locator {
	first(): Locator;
	waitFor(options?: { timeout?: number }): Promise<void>;
	dblclick(): Promise<void>;
	click(): Promise<void>;
}

export interface Page {
	goto(url: string): Promise<unknown>;
	setDefaultTimeout(ms: number): void;
	fill(selector: string, value: string): Promise<void>;
	keyboard: { press(key: string): Promise<void> };
	waitForURL(predicate: (url: URL) => boolean, options?: { timeout?: number }): Promise<void>;
	waitForLoadState(state: 'load' | 'networkidle'): Promise<void>;
	waitForTimeout(ms: number): Promise<void>;
	locator(selector: string): Locator;
	screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
}

export interface Browser {
	newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
	close(): Promise<void>;
}
