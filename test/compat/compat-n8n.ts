// The n8n a compatibility row runs against: n8n as installed (the version's defaults), or, for the
// row "with 3.0's settings" (COMPAT_SETTINGS=3.0, set by scripts/compat/run.js), n8n 2.x in queue
// mode with one worker and n8n 3.0's settings (test/e2e/lib/n8n3-settings.ts).
import { N8N_3_SETTINGS } from '../e2e/lib/n8n3-settings';
import { startN8nWithPackage } from '../e2e/lib/n8n-with-package';
import { startQueueModeN8n } from '../e2e/lib/queue-mode/queue-n8n';

export const WITH_3_0_SETTINGS = process.env.COMPAT_SETTINGS === '3.0';

export const SETTINGS_LABEL = WITH_3_0_SETTINGS ? " with n8n 3.0's settings, in queue mode" : '';

export async function startCompatN8n(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
	if (!WITH_3_0_SETTINGS) return await startN8nWithPackage();
	return await startQueueModeN8n({ workers: 1, env: N8N_3_SETTINGS });
}
