// start-order: 3
// Issue 48: what n8n's durable scheduler (the four flags) does with a poll that fails and a poll
// that runs past its poll timeout (45 s: the poll is abandoned, not cancelled, and polling goes on),
// and that the polling trigger loses and doubles no reply through them (lib/slow-poll.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DURABLE_SCHEDULER_ENV } from './lib/poll-kill';
import { startRestartableN8n } from './lib/restartable-n8n';
import { describeSlowPolls } from './lib/slow-poll';

describeSlowPolls(
	'reply-slow-poll durable',
	'e2e-reply-slow-poll-durable-key-Tm9x',
	'3752916',
	async () => {
		const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-slow-poll-durable-'));
		const n8n = await startRestartableN8n(runFolder, DURABLE_SCHEDULER_ENV);
		await n8n.client.setupOwnerAndLogin({
			email: 'owner@example.com',
			password: 'Slow-poll-durable-1',
			firstName: 'Owner',
			lastName: 'Test',
		});
		return {
			client: n8n.client,
			stop: async () => {
				await n8n.stop();
				fs.rmSync(runFolder, { recursive: true, force: true });
			},
		};
	},
);
