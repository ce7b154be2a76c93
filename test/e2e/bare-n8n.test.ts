// start-order: 9
// The driver itself, against an n8n without the package: if this fails, the host or the driver is broken.
import { N8nClient } from './lib/n8n-client';
import { startN8n, type N8nProcess } from './lib/n8n-process';
import { nodeOutput } from './lib/execution-data';
import { n8nLogFile } from './lib/n8n-logs';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

describe('a bare n8n driven over its REST API', () => {
	let n8n: N8nProcess;
	let client: N8nClient;

	beforeAll(async () => {
		n8n = await startN8n({ logFile: n8nLogFile('bare-n8n') });
		client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin({
			email: 'owner@example.com',
			password: 'Bare-n8n-test-1',
			firstName: 'Owner',
			lastName: 'Test',
		});
	});

	afterAll(async () => {
		await n8n?.stop();
	});

	it("lists n8n's own node types", async () => {
		const names = (await client.nodeTypes()).map((type) => type.name);
		expect(names).toEqual(
			expect.arrayContaining(['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.set']),
		);
	});

	it('runs a Manual Trigger -> Set workflow and returns its output', async () => {
		const workflow = await client.createWorkflow(
			workflowOf('Bare n8n: set a field', [
				manualTriggerNode(),
				{
					name: 'Set Greeting',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [220, 0],
					parameters: {
						assignments: {
							assignments: [
								{
									id: 'greeting',
									name: 'greeting',
									type: 'string',
									value: '={{ "hello " + "world" }}',
								},
							],
						},
						options: {},
					},
				},
			]),
		);
		const execution = await client.runManually(workflow.id);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, 'Set Greeting')).toEqual([{ greeting: 'hello world' }]);
		const executions = await client.listExecutions(workflow.id);
		expect(executions.map((listed) => String(listed.id))).toContain(String(execution.id));
	});
});
