import { mock } from 'jest-mock-extended';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	IRun,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HarnessCredentialsHelper } from './credentialsHelper';
import { harnessNodeTypes } from './nodeTypes';

/** A node of a harness workflow, at the origin, with the Messaging Service credential. */
export function harnessNode(
	node: Pick<INode, 'id' | 'name' | 'type' | 'typeVersion' | 'parameters'> & Partial<INode>,
): INode {
	return {
		position: [0, 0],
		credentials: { messagingServiceApi: { id: '1', name: 'Messaging Service account' } },
		...node,
	};
}

/** A workflow of the one node, as n8n builds it from a saved one (its time zone UTC unless given). */
export function oneNodeWorkflow(
	node: INode,
	workflow: {
		id: string;
		name: string;
		active: boolean;
		staticData?: IDataObject;
		timezone?: string;
	},
): Workflow {
	return new Workflow({
		id: workflow.id,
		name: workflow.name,
		nodes: [node],
		connections: {},
		active: workflow.active,
		nodeTypes: harnessNodeTypes,
		staticData: workflow.staticData,
		settings: { timezone: workflow.timezone ?? 'UTC' },
	});
}

/**
 * What n8n hands a node's context as additionalData: a deep mock answers every property, so the
 * optional ones the engine tests for are absent unless `given`; the credential holds `credential`.
 */
export function harnessAdditionalData(
	credential: ICredentialDataDecryptedObject,
	given: Record<string, unknown> = {},
) {
	const additionalData = mock<Record<string, unknown>>({
		currentNodeParameters: undefined,
		encryptedRunnerIdentity: undefined,
		evalLlmMockHandler: undefined,
		executionTimeoutTimestamp: undefined,
		...given,
	}) as unknown as IWorkflowExecuteAdditionalData;
	const credentialsHelper = new HarnessCredentialsHelper(credential);
	additionalData.credentialsHelper = credentialsHelper;
	return { additionalData, credentialsHelper };
}

/** A finished execution as n8n hands it to emit's done promise, with no run data of interest. */
export function finishedRun(): IRun {
	return {
		data: { resultData: { runData: {} } },
		mode: 'trigger',
		startedAt: new Date(),
		status: 'success',
		finished: true,
	} as unknown as IRun;
}
