'use strict';
// Bench only, never shipped: n8n loads it from N8N_CUSTOM_EXTENSIONS as CUSTOM.benchPlainNode.
// The helper loop (e) as the plainest node would run it inside n8n: per item it reads its
// parameters (n8n evaluates their expressions), then sends one request through n8n's
// authenticated HTTP helper (which reads the credential each time, as n8n's own nodes let it), at
// most `concurrency` at once; no check, pacing, retry or error handling. Beside (e) it shows what
// n8n adds per item; beside this package's node, what the package's checks and pacing cost or save.
class BenchPlainNode {
	constructor() {
		this.description = {
			displayName: 'Bench Plain Node',
			name: 'benchPlainNode',
			group: ['output'],
			version: 1,
			description: 'A plain per-item node (bench only)',
			defaults: { name: 'Bench Plain Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'messagingServiceApi', required: true }],
			properties: [
				{ displayName: 'URL', name: 'url', type: 'string', default: '' },
				{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
				{ displayName: 'Message', name: 'message', type: 'string', default: '' },
				{ displayName: 'Sender Name ID', name: 'alphanameId', type: 'string', default: '' },
				{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 200 },
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const output = new Array(items.length);
		const url = this.getNodeParameter('url', 0);
		const concurrency = this.getNodeParameter('concurrency', 0);
		let next = 0;
		const worker = async () => {
			while (next < items.length) {
				const index = next++;
				const qs = {
					phone: this.getNodeParameter('phone', index),
					message: this.getNodeParameter('message', index),
					alphaname_id: this.getNodeParameter('alphanameId', index),
				};
				const body = await this.helpers.httpRequestWithAuthentication.call(
					this,
					'messagingServiceApi',
					{ method: 'POST', url, qs, json: true },
				);
				output[index] = { json: body, pairedItem: { item: index } };
			}
		};
		await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
		return [output];
	}
}

module.exports = { BenchPlainNode };
