import { stopSharedN8n } from './lib/shared-n8n-lifecycle';

// Runs once after the end-to-end files: stops the n8n they shared.
export default async function globalTeardown(): Promise<void> {
	await stopSharedN8n();
}
