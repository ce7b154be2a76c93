// n8n 3.0's settings, switched on in n8n 2.41.1 (3.0 itself ships only as a Docker image): what the
// queue-mode suite and the compatibility suite's "3.0 settings" row run with, and the workflows
// that meet them. docs/compatibility.md says what each one means for a user.
import { createHash } from 'node:crypto';
import type { INodeParameters } from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import { params } from '../../harness/params';
import type { WorkflowData } from './n8n-types';
import { manualTriggerNode, workflowOf, type NodeSpec } from './workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';

/**
 * 3.0's values. In queue mode 3.0 also runs every manual execution on a worker, as
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true does in 2.x (queue-mode/queue-n8n.ts sets it).
 */
export const N8N_3_SETTINGS: Record<string, string> = {
	// 3.0 drops the in-memory mode; 2.41.1 defaults to filesystem already, and to database in queue mode
	N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
	// 3.0's default (2.x: 300 s); it bounds one Code node's task, not an execution
	N8N_RUNNERS_TASK_TIMEOUT: '60',
	N8N_SSRF_PROTECTION_ENABLED: 'true',
	// what a user with the service (here the emulator) on loopback sets: the default blocked ranges hold 127.0.0.0/8
	N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
	// 3.0 loads no unverified community package unless this is set (2.41.1 still loads an installed one)
	N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
};

/** A 1x1 PNG: the image a Chat Message > Send reads from binary data. */
export const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);
export const PNG_SHA256 = createHash('sha256').update(PNG).digest('hex');

type Credential = { id: string; name: string };
const credentials = (credential: Credential) => ({
	messagingServiceApi: { id: credential.id, name: credential.name },
});

function packageNode(
	name: string,
	position: [number, number],
	parameters: INodeParameters,
	credential: Credential,
): NodeSpec {
	return {
		name,
		type: `${PACKAGE}.messagingService`,
		typeVersion: 3,
		position,
		parameters,
		credentials: credentials(credential),
	};
}

/**
 * Code node (a task of the runner) -> Convert to File (n8n stores the image in the binary data
 * mode) -> Chat Message > Send with the image from binary data, and beside it Chat Message > Send
 * Batch of the same items to every phone.
 */
export function binaryImageWorkflow(
	sandbox: Sandbox,
	token: string,
	credential: Credential,
	phones: string[],
): WorkflowData {
	const account = sandbox.account(token);
	const items: NodeSpec = {
		name: 'Make Items',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [220, 0],
		parameters: {
			mode: 'runOnceForAllItems',
			language: 'javaScript',
			jsCode: `return ${JSON.stringify(phones)}.map((phone) => ({ json: { phone, image: ${JSON.stringify(PNG.toString('base64'))} } }));`,
		},
	};
	const toFile: NodeSpec = {
		name: 'To File',
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		position: [440, 0],
		parameters: {
			operation: 'toBinary',
			sourceProperty: 'image',
			binaryPropertyName: 'photo',
			options: { fileName: 'photo.png', mimeType: 'image/png' },
		},
	};
	// Convert to File outputs the file alone: the phone comes from the item it was made of
	const phone = "={{ $('Make Items').item.json.phone }}";
	const sendImage = packageNode(
		'Send Image',
		[660, -100],
		params(account, 'chatMessage', 'send', {
			phone,
			messageType: 'IMAGE',
			imageSource: 'binary',
			binaryPropertyName: 'photo',
		}),
		credential,
	);
	const sendBatch = packageNode(
		'Send Batch',
		[660, 100],
		params(account, 'chatMessage', 'sendBatch', { recipientPhone: phone }),
		credential,
	);
	const workflow = workflowOf('3.0 settings: image from binary data, and a batch', [
		manualTriggerNode(),
		items,
		toFile,
		sendImage,
	]);
	workflow.nodes.push({ id: 'send-batch', ...sendBatch } as WorkflowData['nodes'][number]);
	workflow.connections['To File'].main[0]?.push({ node: 'Send Batch', type: 'main', index: 0 });
	return workflow;
}

/** Send and Check are two workflows: they name one scope, where the counts are kept (docs/verification-codes.md). */
const VERIFICATION_SCOPE = '3.0 settings';

/** Verification Code > Send, run from the editor: the code goes to `phone`, the token comes out. */
export function sendCodeWorkflow(credential: Credential, phone: string): WorkflowData {
	return workflowOf('3.0 settings: send a code', [
		manualTriggerNode(),
		packageNode(
			'Send Code',
			[220, 0],
			{
				resource: 'verificationCode',
				operation: 'send',
				channel: 'appOne',
				phone,
				codeSource: 'generate',
				codeLength: 6,
				options: { verificationScope: VERIFICATION_SCOPE },
			},
			credential,
		),
	]);
}

/** Verification Code > Check, run from the editor with the token and the code the person typed. */
export function checkCodeWorkflow(
	credential: Credential,
	token: string,
	enteredCode: string,
): WorkflowData {
	return workflowOf('3.0 settings: check a code', [
		manualTriggerNode(),
		packageNode(
			'Check Code',
			[220, 0],
			{
				resource: 'verificationCode',
				operation: 'check',
				token,
				enteredCode,
				options: { verificationScope: VERIFICATION_SCOPE },
			},
			credential,
		),
	]);
}

/** SMS > Send, to a Base URL of the credential given (a blocked one, for SSRF protection). */
export function smsSendWorkflow(
	sandbox: Sandbox,
	token: string,
	credential: Credential,
): WorkflowData {
	return workflowOf('3.0 settings: SMS > Send', [
		manualTriggerNode(),
		packageNode('Send SMS', [220, 0], params(sandbox.account(token), 'sms', 'send'), credential),
	]);
}
