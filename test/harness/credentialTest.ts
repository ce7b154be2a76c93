import './env';

import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeCredentialTestResult,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';

export type CredentialTestResult = INodeCredentialTestResult;

/**
 * What n8n's "Test" button of the credential does (CredentialsTester in n8n's server): the nodes
 * name their test with `testedBy`, and n8n runs that function of the node in n8n-core's
 * CredentialTestContext, whose `helpers.request` is n8n's own HTTP layer.
 */
export async function testCredential(
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const node = new MessagingService();
	const entry = node.description.credentials?.find(
		(credential) => credential.name === 'messagingServiceApi',
	);
	const name = typeof entry?.testedBy === 'string' ? entry.testedBy : '';
	const test = node.methods.credentialTest[name as keyof typeof node.methods.credentialTest];
	if (!test)
		throw new Error(
			`The node names no credential test for messagingServiceApi (testedBy: ${name})`,
		);
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await test.call(context, {
		id: '1',
		name: 'Messaging Service account',
		type: 'messagingServiceApi',
		data,
	});
}
