import './env';

import { mock } from 'jest-mock-extended';
import { LoadOptionsContext } from 'n8n-core';
import type {
	ILoadOptionsFunctions,
	INode,
	INodeListSearchResult,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { HarnessCredentialsHelper } from './credentialsHelper';
import { TEST_API_KEY } from './keys';
import { harnessNodeTypes } from './nodeTypes';
import { NODE_TYPE } from './runNode';

type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

export interface ListSearchOptions {
	baseUrl: string;
	apiKey?: string;
	/** a method of the node's `methods.listSearch` */
	method: string;
	filter?: string;
	paginationToken?: string;
	/** the node type whose method runs (the action node by default) */
	nodeType?: INodeType;
}

/**
 * Runs a list search of a picker as n8n's editor has it run (POST
 * /rest/dynamic-node-parameters/resource-locator-results): in n8n-core's LoadOptionsContext,
 * with the credential's own authenticate and n8n's HTTP helpers.
 */
export async function runListSearch(options: ListSearchOptions): Promise<INodeListSearchResult> {
	const nodeType = options.nodeType ?? new MessagingService();
	const node: INode = {
		id: 'node-under-test',
		name: 'Messaging Service',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { messagingServiceApi: { id: '1', name: 'Messaging Service account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: harnessNodeTypes,
	});
	const additionalData = mock<Record<string, unknown>>({
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
	}) as unknown as IWorkflowExecuteAdditionalData;
	additionalData.credentialsHelper = new HarnessCredentialsHelper({
		apiKey: options.apiKey ?? TEST_API_KEY,
		baseUrl: options.baseUrl,
		allowUnencryptedHttp: false,
	});
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const searches = nodeType.methods?.listSearch as Record<string, ListSearchMethod> | undefined;
	const search = searches?.[options.method];
	if (!search) throw new Error(`The node has no list search ${options.method}`);
	return await search.call(context, options.filter, options.paginationToken);
}
