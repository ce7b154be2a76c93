// Where the end-to-end suite keeps the output of every n8n it starts: under .test-logs/, beside
// the stages' logs (scripts/test/stages.js), so that a failed run can be read afterwards.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { host } from './host';

export const n8nLogDir = path.join(host.repoRoot, '.test-logs', 'e2e-n8n');

/** A fresh log file for one n8n (or one n8n restarted several times: it appends), named for its test. */
export function n8nLogFile(name: string): string {
	fs.mkdirSync(n8nLogDir, { recursive: true });
	const file = path.join(n8nLogDir, `${name}.log`);
	fs.rmSync(file, { force: true });
	return file;
}

/** A fresh folder of logs, for a test that starts several n8n processes (queue mode). */
export function n8nLogFolder(name: string): string {
	return path.join(n8nLogDir, name);
}
