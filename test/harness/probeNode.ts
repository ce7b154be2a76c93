import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { createApiClient } from '../../nodes/MessagingService/transport/client';
import type { ApiMethod } from '../../nodes/MessagingService/transport/endpoints';
import { registerNodeType } from './nodeTypes';

export const PROBE_NODE_TYPE = 'n8n-nodes-messaging-service.transportProbe';

/**
 * A test-only node that calls any API method through the package's transport, so the
 * transport can be tested for all 30 methods in the real engine before every operation exists.
 */
class TransportProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['output'],
		version: 1,
		description: 'Calls one API method',
		defaults: { name: 'Transport Probe' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingServiceApi', required: true }],
		properties: [
			{ displayName: 'Method', name: 'method', type: 'string', default: '' },
			{ displayName: 'Parameters', name: 'parameters', type: 'json', default: '{}' },
			{ displayName: 'Timeout', name: 'timeoutMs', type: 'number', default: 30000 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.getInputData().length; itemIndex++) {
			const method = this.getNodeParameter('method', itemIndex) as ApiMethod;
			const raw = this.getNodeParameter('parameters', itemIndex);
			const parameters = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject;
			const timeoutMs = this.getNodeParameter('timeoutMs', itemIndex) as number;
			const answer = await createApiClient(this, { itemIndex, timeoutMs }).call(
				method,
				parameters as never,
			);
			output.push({ json: { answer } as unknown as IDataObject, pairedItem: { item: itemIndex } });
		}
		return [output];
	}
}

registerNodeType(PROBE_NODE_TYPE, new TransportProbe());
