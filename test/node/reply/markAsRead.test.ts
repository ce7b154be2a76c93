import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { replySetup } from './setup';

const fixture = useSandbox();
const { mailingWithReplies, markAsRead } = replySetup(fixture);

describe('Reply > Mark as Read', () => {
	it('marks a comma-separated list of reply ids (form body) and outputs the service answer', async () => {
		const { replyIds } = await mailingWithReplies(['a', 'b']);
		const { items, request } = await fixture.runOk({
			parameters: markAsRead({ replyIds: `${replyIds[0]}, ${replyIds[1]}` }),
		});
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/readResponseStatus',
			bodyType: 'form',
		});
		expect(request.body).toEqual({ token: TEST_API_KEY, incoming_messages: replyIds.join(',') });
		expect(items.map((item) => item.json)).toEqual([
			{ result: '2 messages marked as read', replyIds },
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('takes a list from an expression', async () => {
		const { replyIds } = await mailingWithReplies(['a', 'b', 'c']);
		const { error } = await fixture.run({
			parameters: markAsRead({ replyIds: '={{ $json.ids }}' }),
			items: [{ ids: replyIds }],
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({
			incoming_messages: replyIds.join(','),
		});
	});

	it('one request per item by default, each output paired to its item', async () => {
		const { replyIds } = await mailingWithReplies(['a', 'b']);
		const { items } = await fixture.run({
			parameters: markAsRead({ replyIds: '={{ $json.id }}' }),
			items: replyIds.map((id) => ({ id })),
		});
		expect(
			fixture.sandbox
				.requests()
				.map((r) => r.body?.incoming_messages)
				.sort(),
		).toEqual([...replyIds].sort());
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('gathers the ids of all items into one request when asked; a bad item is left out (Continue On Fail)', async () => {
		const { replyIds } = await mailingWithReplies(['a', 'b', 'c']);
		const { items, requests } = await fixture.runOk({
			parameters: markAsRead({ replyIds: '={{ $json.id }}', options: { combineItems: true } }),
			items: [{ id: replyIds[0] }, { id: 'id#1' }, { id: `${replyIds[1]},${replyIds[2]}` }],
			continueOnFail: true,
		});
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toEqual({
			token: TEST_API_KEY,
			incoming_messages: replyIds.join(','),
		});
		expect(items).toHaveLength(2);
		expect(items[0].json).toEqual({ result: '3 messages marked as read', replyIds });
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 2 }]);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(String(items[1].json.error)).toMatch(
			/^Invalid Reply IDs "id#1" in item 1: reply IDs are separated by commas/,
		);
	});

	it('without Continue On Fail, a bad item stops the node before any request', async () => {
		const { replyIds } = await mailingWithReplies(['a']);
		const { error } = await fixture.run({
			parameters: markAsRead({ replyIds: '={{ $json.id }}', options: { combineItems: true } }),
			items: [{ id: replyIds[0] }, { id: '' }],
		});
		expect(error?.message).toMatch(
			/^The Reply IDs field is empty in item 1: enter at least one reply ID/,
		);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

	it('reports an unknown reply id with the service reason', async () => {
		const { error } = await fixture.run({ parameters: markAsRead({ replyIds: '49999999' }) });
		expect(error?.message).toMatch(/49999999/);
	});
});

describe('Reply > Mark as Read: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.reply.markAsRead);
});
