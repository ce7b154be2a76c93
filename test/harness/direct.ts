import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from './keys';
import type { AccountIds } from './params';
import type { SandboxFixture } from './sandbox';

/** Calls the emulator directly (setup only): GET/POST with the key and parameters in the query, or in a form if given. */
export async function direct(
	fixture: Pick<SandboxFixture, 'sandbox'>,
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

/** Calls a v2 method of the emulator directly (setup only), the key in the form; returns the answer's `result`. */
export async function directV2(
	fixture: Pick<SandboxFixture, 'sandbox'>,
	method: string,
	form: Record<string, string>,
): Promise<IDataObject> {
	const response = await fetch(`${fixture.sandbox.url}/api/v2/${method}`, {
		method: 'POST',
		body: new URLSearchParams({ token: TEST_API_KEY, ...form }),
	});
	const answer = (await response.json()) as IDataObject;
	if (answer.status !== 'OK')
		throw new Error(`setup call ${method} refused: ${JSON.stringify(answer)}`);
	return answer.result as IDataObject;
}

/**
 * Sends a batch to the emulator directly (setup only), with what Send Batch would refuse to send:
 * the JSON body, the key in the query and the body. Returns the batch's uuid.
 */
export async function directBatch(
	fixture: Pick<SandboxFixture, 'sandbox'>,
	method: 'sendBulkSms' | 'sendBulkChat',
	body: { messages: IDataObject[]; callback_url?: string },
): Promise<string> {
	const response = await fetch(`${fixture.sandbox.url}/api/v1/${method}?token=${TEST_API_KEY}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ token: TEST_API_KEY, ...body }),
	});
	expect(response.status).toBe(200);
	return String(((await response.json()) as IDataObject).uuid);
}

/** One mailing of a batch as the service takes it: from the account's first sender name, bulk unless `fields` says otherwise. */
export function batchMailing(account: AccountIds, name: string, fields: IDataObject): IDataObject {
	return { alphaname_id: String(account.alphanameIds[0]), name, message_type: 'bulk', ...fields };
}
