import type { IConnections, INode } from 'n8n-workflow';
import { randomUUID } from 'node:crypto';
import type { WorkflowData } from './n8n-types';

export type NodeSpec = Omit<INode, 'id'> & { id?: string };

export function manualTriggerNode(name = 'When clicking Execute workflow'): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/** A workflow whose nodes run one after the other, in the order given. */
export function workflowOf(name: string, nodes: NodeSpec[]): WorkflowData {
	const connections: IConnections = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = {
			main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	return {
		name,
		nodes: nodes.map((node) => ({ id: node.id ?? randomUUID(), ...node }) as INode),
		connections,
		settings: { executionOrder: 'v1' },
	};
}
