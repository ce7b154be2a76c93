import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';

function nodeOperations(): string[] {
	const { properties } = new MessagingService().description;
	const resources = properties.find((property) => property.name === 'resource')
		?.options as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const field = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource.value),
		);
		return (field?.options as INodePropertyOptions[]).map(
			(operation) => `${resource.name} | ${operation.name}`,
		);
	});
}

function readmeOperations(): string[] {
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
	const table = readme.split('## Operations')[1].split('\n## ')[0];
	return table
		.split('\n')
		.filter(
			(line) => line.startsWith('| ') && !line.startsWith('| Resource') && !line.startsWith('|---'),
		)
		.map((line) =>
			line
				.split('|')
				.slice(1, 3)
				.map((cell) => cell.trim())
				.join(' | '),
		);
}

describe('README', () => {
	it('lists exactly the operations the node offers', () => {
		expect(readmeOperations().sort()).toEqual(nodeOperations().sort());
	});
});
