import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from './keys';
import type { SandboxFixture } from './sandbox';

/** Calls the emulator directly (setup only): GET/POST with the key and parameters in the query, or in a form if given. */
export async function direct(
	fixture: SandboxFixture,
	verb: 'GET' | 'POST',
	method: string,
	query: Record<string, string>,
	form?: Record<string, string>,
): Promise<IDataObject> {
	const url = `${fixture.sandbox.url}/api/v1/${method}?${new URLSearchParams(form ? query : { token: TEST_API_KEY, ...query })}`;
	const response = await fetch(url, {
		method: verb,
		...(form ? { body: new URLSearchParams({ token: TEST_API_KEY, ...form }) } : {}),
	});
	return (await response.json()) as IDataObject;
}
