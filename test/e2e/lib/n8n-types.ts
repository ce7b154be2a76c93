import type { IConnections, INode, IRunExecutionData, IWorkflowSettings } from 'n8n-workflow';

/** A workflow as the REST API and the editor's export (JSON) carry it. */
export interface WorkflowData {
	id?: string;
	name: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
	active?: boolean;
	pinData?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface CredentialData {
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface NodeTypeSummary {
	name: string;
	displayName: string;
	version: number | number[];
	credentials?: Array<{ name: string }>;
	properties: Array<{
		name: string;
		displayName: string;
		options?: Array<{ name: string; value: unknown }>;
	}>;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: string;
	finished: boolean;
	startedAt: string;
	stoppedAt?: string | null;
}

export interface ExecutionDetails extends ExecutionSummary {
	data: IRunExecutionData;
}
