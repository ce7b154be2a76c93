// start-order: 3
// Issue 48: the polling trigger deactivated and republished mid-poll (lib/mid-poll.ts) in an n8n of
// its own on the durable scheduler with durable poll cursors (the four flags).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeMidPoll } from './lib/mid-poll';
import { DURABLE_SCHEDULER_ENV } from './lib/poll-kill';
import { startRestartableN8n } from './lib/restartable-n8n';

describeMidPoll(
	'reply-stop-mid-poll durable',
	'e2e-reply-stop-mid-poll-durable-key-Qs3k',
	'3752918',
	async () => {
		const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-mid-poll-durable-'));
		const n8n = await startRestartableN8n(runFolder, DURABLE_SCHEDULER_ENV);
		await n8n.client.setupOwnerAndLogin({
			email: 'owner@example.com',
			password: 'Mid-poll-durable-1',
			firstName: 'Owner',
			lastName: 'Test',
		});
		return {
			client: n8n.client,
			stop: async () => {
				await n8n.stop();
				if (process.env.E2E_KEEP_RUN_FOLDER === '1')
					process.stdout.write(`[mid-poll durable] run folder kept: ${runFolder}\n`);
				else fs.rmSync(runFolder, { recursive: true, force: true });
			},
		};
	},
);
