import type { INodeParameters } from 'n8n-workflow';

import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();
const sendCode = (overrides: INodeParameters) => params(fixture.account, 'verificationCode', 'send', overrides);

describe('Verification Code > Send', () => {
	it.each([
		['appOne', '/api/v1/sendOtpAppOne', 'otp-app-one'],
		['appTwo', '/api/v1/sendOtpAppTwo', 'otp-app-two'],
	])('sends a given code through %s with message and phone in the query', async (channel, path, counted) => {
		const { items, request } = await fixture.runOk({
			parameters: sendCode({ channel, phone: '+375 29 123-45-67', codeSource: 'given', code: '0048213' }),
		});
		expect(request).toMatchObject({ httpMethod: 'POST', path, bodyType: 'none', status: 200 });
		expect(request.query).toEqual({ token: expect.any(String), message: '0048213', phone: '375291234567' });
		expect(items[0].json).toEqual({
			sms_id: expect.any(Number),
			status: 'NEW',
			parts: 1,
			code: '0048213',
			phone: '375291234567',
		});
		expect(fixture.sandbox.counters().sent).toEqual([
			expect.objectContaining({ channel: counted, phone: '375291234567', text: '0048213' }),
		]);
	});

	it('generates a random code of the chosen length for each item and returns the code that was sent', async () => {
		const { items, error } = await fixture.run({
			parameters: sendCode({ channel: 'appOne', phone: '={{ $json.phone }}', codeSource: 'generate', codeLength: 16 }),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: '375291000003' }],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const codes = items.map((item) => String(item.json.code));
		expect(codes.every((code) => /^\d{16}$/.test(code))).toBe(true);
		expect(new Set(codes).size).toBe(3);
		const sentTexts = Object.fromEntries(
			fixture.sandbox.requests().map((request) => [request.query.phone, request.query.message]),
		);
		for (const item of items) expect(sentTexts[String(item.json.phone)]).toBe(item.json.code);
	});

	it('generates 6 digits by default', async () => {
		const { items } = await fixture.run({
			parameters: sendCode({ phone: '375291000001' }),
		});
		expect(String(items[0].json.code)).toMatch(/^\d{6}$/);
	});
});

describe('Verification Code > Send: bad input', () => {
	itRefusesBadItems(fixture, badInputTable(fixture).verificationCode.send);
});
