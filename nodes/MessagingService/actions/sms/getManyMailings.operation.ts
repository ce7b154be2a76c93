import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';
import { asItemError } from '../itemErrors';

export const description: INodeProperties[] = forOperation('sms', 'getManyMailings', [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Created In',
				name: 'type',
				type: 'options',
				options: [
					{
						name: 'All',
						value: '',
						description: 'Mailings made in the web interface and through the API',
					},
					{ name: 'API', value: 'API', description: 'Only mailings made through the API' },
					{
						name: 'Web Interface',
						value: 'WEB',
						description: 'Only mailings made in the web interface',
					},
				],
				default: '',
				description: 'Which mailings to return, by where they were made',
			},
		],
	},
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const type = filters.type === 'WEB' || filters.type === 'API' ? filters.type : undefined;
	let mailings: IDataObject[];
	try {
		mailings = await api.many('getSMSMessages', { type });
	} catch (error) {
		// The service answers 406 "content not found" when there is no mailing to list.
		if (error instanceof NodeApiError && error.httpCode === '406') return [];
		throw asItemError(this, error, itemIndex);
	}
	if (returnAll) return mailings;
	return mailings.slice(0, this.getNodeParameter('limit', itemIndex) as number);
}
