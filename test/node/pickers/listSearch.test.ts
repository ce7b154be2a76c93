import type { IDataObject, INodeListSearchItems } from 'n8n-workflow';

import { MessagingServiceTrigger } from '../../../nodes/MessagingService/MessagingServiceTrigger.node';
import { TEST_API_KEY } from '../../harness/keys';
import { runListSearch } from '../../harness/listSearch';
import { useSandbox } from '../../harness/sandbox';

/** The "From List" mode of every picker, run in n8n-core's LoadOptionsContext against the emulator. */

const fixture = useSandbox();

async function post(method: string, form: Record<string, string | number>): Promise<IDataObject> {
	const body = new URLSearchParams({
		token: TEST_API_KEY,
		...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
	});
	const response = await fetch(`${fixture.sandbox.url}/api/v2/${method}`, { method: 'POST', body });
	const answer = (await response.json()) as IDataObject;
	expect(response.status).toBe(200);
	return answer.result as IDataObject;
}

async function chatMessage(message: string, extra: Record<string, string> = {}): Promise<number> {
	const chatnameId = fixture.account.chatnameIds[0];
	const text: Record<string, string> = message === '' ? {} : { message };
	const result = await post('sendQuickChatMessage', {
		chatname_id: chatnameId,
		phone: '375291234567',
		...text,
		...extra,
	});
	return result.message_id as number;
}

async function search(method: string, filter?: string, paginationToken?: string) {
	return await runListSearch({ baseUrl: fixture.sandbox.url, method, filter, paginationToken });
}

const values = (results: INodeListSearchItems[]) => results.map((entry) => entry.value);

describe('pickers: From List', () => {
	it('chat mailings show the start of the text, type, date, status and ID; a search filters them', async () => {
		const text = await chatMessage('Your order 1234 has shipped and is on its way to you today');
		const button = await chatMessage('', {
			type_message: 'BUTTON',
			button: 'Track my order',
			button_link: 'https://shop.example.com/t',
		});
		const all = await search('searchChatMailings');
		expect(all.paginationToken).toBeUndefined();
		expect(all.results).toEqual([
			{
				name: `Your order 1234 has shipped a… · ID ${text} · TEXT · 2026-03-02 09:00 · SENT`,
				value: String(text),
			},
			{
				name: `[Button: Track my order] · ID ${button} · BUTTON · 2026-03-02 09:00 · SENT`,
				value: String(button),
			},
		]);
		expect(values((await search('searchChatMailings', 'button')).results)).toEqual([
			String(button),
		]);
		expect(values((await search('searchChatMailings', String(text))).results)).toEqual([
			String(text),
		]);
		expect(values((await search('searchChatMailings', 'on its way to you')).results)).toEqual([
			String(text),
		]);
		expect((await search('searchChatMailings', 'nothing like this')).results).toEqual([]);
	});

	it('a long list of chat mailings comes in pages of 100; a search reads on until it finds', async () => {
		const ids: number[] = [];
		for (let i = 0; i < 130; i++) ids.push(await chatMessage(`Mailing number ${i}`));
		const first = await search('searchChatMailings');
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await search('searchChatMailings', undefined, first.paginationToken);
		expect(values(second.results)).toEqual(ids.slice(100).map(String));
		expect(second.paginationToken).toBeUndefined();
		expect(values((await search('searchChatMailings', 'number 125')).results)).toEqual([
			String(ids[125]),
		]);
		const reads = fixture.sandbox
			.requests()
			.filter((request) => request.apiMethod === 'getChatMessages');
		expect(reads.at(-1)?.body).toMatchObject({ limit_offset: '100', limit_rows: '100' });
	});

	it('SMS mailings show name, where they were made, date, status and ID', async () => {
		const result = await search('searchSmsMailings');
		expect(result.results).toEqual([
			{
				name: 'February newsletter · ID 10000002 · Mailing · WEB · 2026-03-01 09:00 UTC · SENT',
				value: '10000002',
			},
		]);
		expect((await search('searchSmsMailings', 'march')).results).toEqual([]);
	});

	it('created SMS messages show the start of the text, date, status and ID; Get Many Deliveries lists mailings and messages', async () => {
		const messages = await search('searchCreatedMessages');
		expect(messages.results).toEqual([
			{
				name: 'Spring sale: 20% off everythi… · ID 10000001 · Created Message · 2026-03-01 09:00 · moderated',
				value: '10000001',
			},
		]);
		const both = await search('searchSmsMessagesAndMailings');
		expect(values(both.results)).toEqual(['10000002', '10000001']);
		expect(values((await search('searchSmsMessagesAndMailings', 'newsletter')).results)).toEqual([
			'10000002',
		]);
		expect(values((await search('searchSmsMessagesAndMailings', 'spring')).results)).toEqual([
			'10000001',
		]);
	});

	it('templates show their name and ID; a search filters by name', async () => {
		const [welcome, shipped] = fixture.account.templateIds;
		expect((await search('searchTemplates')).results).toEqual([
			{ name: `Welcome · ID ${welcome}`, value: String(welcome) },
			{ name: `Order shipped · ID ${shipped}`, value: String(shipped) },
		]);
		expect(values((await search('searchTemplates', 'SHIP')).results)).toEqual([String(shipped)]);
	});

	it("the trigger's Mailings picker lists the chat mailings too", async () => {
		const id = await chatMessage('Reply YES to confirm');
		const result = await runListSearch({
			baseUrl: fixture.sandbox.url,
			method: 'searchChatMailings',
			nodeType: new MessagingServiceTrigger(),
		});
		expect(values(result.results)).toEqual([String(id)]);
	});

	it('a wrong key is a clear error, not an empty list', async () => {
		await expect(
			runListSearch({
				baseUrl: fixture.sandbox.url,
				apiKey: 'wrong-key-for-the-picker',
				method: 'searchChatMailings',
			}),
		).rejects.toThrow(/refused the API key/);
	});
});
