import type { INodeParameters } from 'n8n-workflow';

import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems, itRefusesBadSettings } from '../../harness/badInput';
import { TEST_API_KEY } from '../../harness/keys';
import { byId, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();
const send = (overrides: INodeParameters) => params(fixture.account, 'sms', 'send', overrides);

describe('SMS > Send', () => {
	it('sends sendQuickSMS with the spec locations: query for message, phone, sender and cost, form for forwarding', async () => {
		const alphanameId = fixture.account.alphanameIds[0];
		const chatnameId = fixture.account.chatnameIds[1];
		const { items, requests } = await fixture.runOk({
			parameters: send({
				phone: '+375 (29) 123-45-67',
				messageFrom: 'text',
				message: 'Your order has shipped',
				senderNameId: String(alphanameId),
				options: {
					showCost: true,
					forwarding: true,
					forwardingTime: 15,
					chatnameId: String(chatnameId),
				},
			}),
		});
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/sendQuickSMS',
			bodyType: 'form',
			status: 200,
		});
		expect(request.query).toEqual({
			token: TEST_API_KEY,
			message: 'Your order has shipped',
			phone: '375291234567',
			alphaname_id: String(alphanameId),
			show_cost: '1',
		});
		expect(request.body).toEqual({
			forwarding_message: '1',
			forwarding_time: '15',
			chatname_id: String(chatnameId),
		});

		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			sms_id: expect.any(Number),
			status: 'NEW',
			parts: 1,
			cost: expect.any(String),
			computedParts: 1,
			encoding: 'GSM-7',
			ucs2Characters: [],
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends nothing in the form body when forwarding is off, and no show_cost unless asked', async () => {
		const { request } = await fixture.runOk({
			parameters: send({ phone: '375291234567', message: 'Hello' }),
		});
		expect(request.bodyType).toBe('none');
		expect(Object.keys(request.query).sort()).toEqual([
			'alphaname_id',
			'message',
			'phone',
			'token',
		]);
	});

	it('sends the text of a stored template when Message From is Template', async () => {
		const templateId = fixture.account.templateIds[0];
		const { items, error } = await fixture.run({
			parameters: send({
				phone: '375291234567',
				messageFrom: 'template',
				messageTemplate: byId(templateId),
			}),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => request.apiMethod)).toEqual([
			'getTemplateMessageById',
			'sendQuickSMS',
		]);
		const sent = fixture.sandbox.counters().sent;
		expect(sent).toHaveLength(1);
		expect(sent[0].text.length).toBeGreaterThan(0);
		expect(requests[1].query.message).toBe(sent[0].text);
	});

	it('sends one SMS per input item, each to its own phone, each output paired to its item', async () => {
		const phones = ['375291111111', '+375 29 222-22-22', '375293333333'];
		const { items, error } = await fixture.run({
			parameters: send({ phone: '={{ $json.phone }}', message: '=Hello {{ $json.name }}' }),
			items: phones.map((phone, index) => ({ phone, name: `N${index}` })),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(new Set(items.map((item) => item.json.sms_id)).size).toBe(3);
		const sent = fixture.sandbox
			.counters()
			.sent.map((group) => `${group.phone}:${group.text}`)
			.sort();
		expect(sent).toEqual([
			'375291111111:Hello N0',
			'375292222222:Hello N1',
			'375293333333:Hello N2',
		]);
	});
});

describe('SMS > Send: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.send);
	itRefusesBadSettings(fixture, badInputTable.badSettings.sms.send);
});
