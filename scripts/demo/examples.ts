import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowData } from '../../test/e2e/lib/n8n-types';

export const CREDENTIAL_TYPE = 'messagingServiceApi';

const PACKAGE_NODE_TYPE =
	/^n8n-nodes-messaging-service\.messagingService(Trigger|ChatTrigger|CallbackTrigger|DeliveryTrigger|Tool)?$/;

export interface ExampleWorkflow {
	file: string;
	workflow: WorkflowData;
}

/** Reads every examples/*.json workflow (none when the folder does not exist yet). */
export function readExampleWorkflows(repoRoot: string): ExampleWorkflow[] {
	const folder = path.join(repoRoot, 'examples');
	if (!fs.existsSync(folder)) return [];
	return fs
		.readdirSync(folder)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => ({
			file: path.join('examples', name),
			workflow: JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as WorkflowData,
		}));
}

/** Points every node that uses the package's credential at the given credential. */
export function withCredential(
	workflow: WorkflowData,
	credential: { id: string; name: string },
): WorkflowData {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.credentials?.[CREDENTIAL_TYPE] || PACKAGE_NODE_TYPE.test(node.type)
				? {
						...node,
						credentials: {
							...node.credentials,
							[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
						},
					}
				: node,
		),
	};
}
