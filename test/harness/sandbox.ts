import { startSandbox, type AccountInfo, type LoggedRequest, type Sandbox } from '../sandbox';
import { TEST_API_KEY } from './keys';
import { runNode, type RunNodeOptions, type RunNodeResult } from './runNode';

export interface SandboxFixture {
	/** the running emulator (valid inside tests) */
	readonly sandbox: Sandbox;
	/** the seeded account of TEST_API_KEY */
	readonly account: AccountInfo;
	/** runs the node against this emulator with TEST_API_KEY */
	run(options: Omit<RunNodeOptions, 'baseUrl'> & { baseUrl?: string }): Promise<RunNodeResult>;
	/** runs the node, which must not fail, and gives what the emulator received too (`request`: the first request) */
	runOk(
		options: Omit<RunNodeOptions, 'baseUrl'> & { baseUrl?: string },
	): Promise<RunNodeResult & Received>;
}

export interface Received {
	requests: LoggedRequest[];
	request: LoggedRequest;
}

/**
 * Starts one emulator for a test file (manual clock, quiet) and resets it before each test, so
 * every test starts from the seeded account of TEST_API_KEY with an empty request log.
 */
export function useSandbox(): SandboxFixture {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TEST_API_KEY], quiet: true });
	});
	beforeEach(async () => {
		// a request a test left under way (a delayed answer after a timeout) would land in the next test
		sandbox!.holdAnswers(false);
		await Promise.race([
			sandbox!.allAnswered(),
			new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
		]);
		sandbox!.reset();
		sandbox!.clearRequests();
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	return {
		get sandbox() {
			return sandbox!;
		},
		get account() {
			return sandbox!.account(TEST_API_KEY);
		},
		run: async (options) => await runNode({ baseUrl: sandbox!.url, ...options }),
		runOk: async (options) => {
			const result = await runNode({ baseUrl: sandbox!.url, ...options });
			expect(result.error).toBeUndefined();
			const requests = sandbox!.requests();
			return { ...result, requests, request: requests[0] };
		},
	};
}
