import type { N8nClient } from '../../test/e2e/lib/n8n-client';

export interface DataTableColumn {
	name: string;
	type: 'string' | 'number' | 'boolean' | 'date';
}

export interface DataTableSpec {
	name: string;
	columns: DataTableColumn[];
}

/**
 * The Data table the examples keep opted-out phones in: examples/ai-chatbot.json upserts into it
 * by `phone` (the package's digits-only form), and a mailing reads it to skip those phones.
 * n8n's Data table node finds it by this name; it must exist before a workflow writes to it.
 */
export const OPTED_OUT_PHONES: DataTableSpec = {
	name: 'Opted-out phones',
	columns: [
		{ name: 'phone', type: 'string' },
		{ name: 'keyword', type: 'string' },
		{ name: 'message', type: 'string' },
	],
};

/** The Data tables the examples use. */
export const EXAMPLE_DATA_TABLES: DataTableSpec[] = [OPTED_OUT_PHONES];

export interface DataTable {
	id: string;
	name: string;
	projectId: string;
}

async function personalProjectId(client: N8nClient): Promise<string> {
	return (await client.request<{ id: string }>('get', '/rest/projects/personal')).id;
}

/** The owner's Data table of this name, created with the spec's columns when there is none (n8n's REST API). */
export async function ensureDataTable(client: N8nClient, spec: DataTableSpec): Promise<DataTable> {
	const projectId = await personalProjectId(client);
	const listed = await client.request<{ data: Array<{ id: string; name: string }> }>(
		'get',
		`/rest/projects/${projectId}/data-tables`,
		undefined,
		{
			filter: JSON.stringify({ name: spec.name }),
			take: 100,
		},
	);
	const found = listed.data.find((table) => table.name === spec.name);
	if (found) return { id: found.id, name: found.name, projectId };
	const created = await client.request<{ id: string; name: string }>(
		'post',
		`/rest/projects/${projectId}/data-tables`,
		{ name: spec.name, columns: spec.columns },
	);
	return { id: created.id, name: created.name, projectId };
}

/** The rows of a Data table (at most `take`). */
export async function dataTableRows(
	client: N8nClient,
	table: DataTable,
	take = 1000,
): Promise<Array<Record<string, unknown>>> {
	const answer = await client.request<{ data: Array<Record<string, unknown>> }>(
		'get',
		`/rest/projects/${table.projectId}/data-tables/${table.id}/rows`,
		undefined,
		{ take },
	);
	return answer.data;
}
