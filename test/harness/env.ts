import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core writes its instance settings (an encryption key) into the user folder on import.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-harness-'));
