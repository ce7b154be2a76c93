import type { N8nClient } from '../../test/e2e/lib/n8n-client';
import { readExampleWorkflows, withCredential } from './examples';

export interface ImportedExample {
	file: string;
	name: string;
	id?: string;
	problem?: string;
}

/** Creates each example workflow in n8n, pointed at the credential; one broken example does not stop the others. */
export async function importExamples(
	client: N8nClient,
	repoRoot: string,
	credential: { id: string; name: string },
): Promise<ImportedExample[]> {
	const imported: ImportedExample[] = [];
	for (const { file, workflow } of readExampleWorkflows(repoRoot)) {
		try {
			const created = await client.createWorkflow(withCredential(workflow, credential));
			imported.push({ file, name: workflow.name, id: created.id });
		} catch (error) {
			imported.push({ file, name: workflow.name, problem: (error as Error).message });
		}
	}
	return imported;
}
