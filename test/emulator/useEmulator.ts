import { startSandbox, type AccountInfo, type Sandbox } from '../sandbox';
import { TOKEN, type Ctx } from './helpers';

/**
 * Starts one emulator for the enclosing describe (manual clock, quiet) and resets it before each test,
 * so every test starts from the seeded account of TOKEN.
 */
export function useEmulator(): Ctx {
	let sandbox: Sandbox | undefined;
	let info: AccountInfo | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true });
	});
	afterAll(() => sandbox?.close());
	beforeEach(() => {
		sandbox!.reset();
		info = sandbox!.account(TOKEN);
	});
	return {
		get sandbox() {
			return sandbox!;
		},
		get info() {
			return info!;
		},
	};
}
