import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { createApiClient } from '../transport/client';

/** The stored templates for the "From List" mode of template pickers, filtered by name. */
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const templates = await createApiClient(this).many('getTemplateMessages', {});
	const wanted = (filter ?? '').trim().toLowerCase();
	return {
		results: templates
			.filter((template) => String(template.name ?? '').toLowerCase().includes(wanted))
			.map((template) => ({ name: `${String(template.name)} (${String(template.id)})`, value: String(template.id) })),
	};
}
