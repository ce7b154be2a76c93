import { itRefusesBadItems, itRefusesBadSettings } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { listMailing } = chatMessageSetup(fixture);

describe('Chat Message > Send to List', () => {
	it('creates the mailing (form body, key in the form), schedule converted to the service format in the workflow time zone', async () => {
		const { items, error } = await listMailing({
			options: { mailingName: 'March promo', sendAt: '2026-03-05T10:30:00' },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/sendChatMessageList',
			bodyType: 'form',
		});
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			token: TEST_API_KEY,
			name: 'March promo',
			chatname_id: String(fixture.account.chatnameIds[1]),
			list_id: String(fixture.account.listIds[0]),
			type_message: 'TEXT',
			message: 'Spring sale',
			d_schedule: '2026-03-05 10:30',
		});
		expect(items[0].json).toEqual({
			message_id: expect.any(Number),
			count_subscribers: fixture.account.lists[0].phones.length,
			confirmed: false,
		});
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('converts a date with a zone to the workflow time zone', async () => {
		const { error } = await listMailing({ options: { sendAt: '2026-03-05T10:30:00Z' } });
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ d_schedule: '2026-03-05 13:30' });
	});

	it('sends a BUTTON list mailing with the button fields', async () => {
		const { error } = await listMailing({
			messageType: 'BUTTON',
			buttonCaption: 'Shop',
			buttonLink: 'https://s.example/x',
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({
			type_message: 'BUTTON',
			button: 'Shop',
			button_link: 'https://s.example/x',
		});
		expect(fixture.sandbox.requests()[0].body).not.toHaveProperty('message');
	});
});

describe('Chat Message > Send to List: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.sendToList);
	itRefusesBadSettings(fixture, badInputTable.badSettings.chatMessage.sendToList);
});
