import type { INodeParameters } from 'n8n-workflow';

import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

/**
 * Phones as people write them, through n8n's engine to the emulator: the international forms
 * with a trunk prefix, national forms with a Default Country (credential, node option), Do Not
 * Send To written the same ways, and the refusals.
 */
const fixture = useSandbox();

const sentPhones = () =>
	fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod === 'sendQuickSMS' && request.status === 200)
		.map((request) => String(request.query.phone));

const send = (options: INodeParameters = {}) =>
	params(fixture.account, 'sms', 'send', { phone: '={{ $json.phone }}', options });

describe('phone forms through the engine', () => {
	it('a trunk prefix after the code, in brackets or not, is dropped: E.164 digits reach the service', async () => {
		await fixture.runOk({
			parameters: send(),
			items: [
				{ phone: '+44 (0)7700 900123' },
				{ phone: '+49 (0)151 2345 6789' },
				{ phone: '+375 (0) 29 113-00-01' },
				{ phone: '+375 029 113 00 02' },
				{ phone: '375291130003' },
			],
		});
		expect(sentPhones()).toEqual([
			'447700900123',
			'4915123456789',
			'375291130001',
			'375291130002',
			'375291130003',
		]);
	});

	it("national forms are read in the credential's Default Country, international ones as before", async () => {
		await fixture.runOk({
			parameters: send(),
			credentialFields: { defaultCountry: 'BY' },
			items: [
				{ phone: '(029) 113-00-01' },
				{ phone: '8 029 113-00-02' },
				{ phone: '29 113 00 03' },
				{ phone: '+44 7700 900123' },
				{ phone: '375291130004' },
			],
		});
		expect(sentPhones()).toEqual([
			'375291130001',
			'375291130002',
			'375291130003',
			'447700900123',
			'375291130004',
		]);
	});

	it('with a Default Country, digits that start with its own code are read with it: 4915123456789 with DE is not +49 4915...', async () => {
		await fixture.runOk({
			parameters: send({ defaultCountry: 'DE' }),
			items: [
				{ phone: '4915123456789' },
				{ phone: '0151 2345 6789' },
				{ phone: '+49 (0)151 2345 6789' },
			],
		});
		expect(sentPhones()).toEqual(['4915123456789', '4915123456789', '4915123456789']);
	});

	it("the node's Default Country overrides the credential's", async () => {
		await fixture.runOk({
			parameters: send({ defaultCountry: 'gb' }),
			credentialFields: { defaultCountry: 'BY' },
			items: [{ phone: '07700 900123' }],
		});
		expect(sentPhones()).toEqual(['447700900123']);
	});

	it('Do Not Send To written "+44 (0)7700 900123" or nationally suppresses 447700900123 and 375291130001, written any way', async () => {
		const { items } = await fixture.runOk({
			parameters: send({
				doNotSendTo: '+44 (0)7700 900123\n8 029 113-00-01',
				defaultCountry: 'BY',
			}),
			items: [
				{ phone: '447700900123' },
				{ phone: '+375 29 113-00-01' },
				{ phone: '+44 (0) 7700 900 124' },
			],
		});
		expect(sentPhones()).toEqual(['447700900124']);
		expect(items.map((item) => item.json.sent)).toEqual([false, false, true]);
		expect(items.slice(0, 2).map((item) => item.json.phone)).toEqual([
			'447700900123',
			'375291130001',
		]);
	});

	it('without a Default Country a national number is refused, naming field, value and item; the other items are sent', async () => {
		const { items } = await fixture.run({
			parameters: send(),
			continueOnFail: true,
			items: [
				{ phone: '+375 29 113-00-01' },
				{ phone: '(029) 113-00-01' },
				{ phone: '8 029 113-00-01' },
				{ phone: '+375 29 113-00-0' },
				{ phone: '+44 7700 900124' },
			],
		});
		expect(sentPhones()).toEqual(['375291130001', '447700900124']);
		const errors = items.map((item) =>
			typeof item.json.error === 'string' ? item.json.error : undefined,
		);
		expect(errors[1]).toMatch(
			/^Invalid Phone "\(029\) 113-00-01" in item 1: it is a national number: add the country code, e\.g\. \+375.*or set Default Country/,
		);
		expect(errors[2]).toMatch(
			/^Invalid Phone "8 029 113-00-01" in item 2: .*if it is a national number, add the country code.*or set Default Country/,
		);
		expect(errors[3]).toMatch(
			/^Invalid Phone "\+375 29 113-00-0" in item 3: .*numbers of Belarus \(\+375\) that start with 2 have 9 or 10 digits after \+375, this one has 8/,
		);
		expect([errors[0], errors[4]]).toEqual([undefined, undefined]);
	});

	it('with a Default Country, a number that is neither its national one nor international is refused, saying both', async () => {
		const { items } = await fixture.run({
			parameters: send({ defaultCountry: 'GB' }),
			continueOnFail: true,
			items: [{ phone: '07700 90012' }, { phone: '07700 900123' }],
		});
		expect(items[0].json.error).toMatch(
			/^Invalid Phone "07700 90012" in item 0: it is neither a national number of United Kingdom \(Default Country GB: 7, 9 or 10 digits after the trunk prefix 0\) nor an international one/,
		);
		expect(sentPhones()).toEqual(['447700900123']);
	});

	it('a Default Country that is not a country code is refused for each item, in the credential too', async () => {
		const { items } = await fixture.run({
			parameters: send({ defaultCountry: 'Belarus' }),
			continueOnFail: true,
			items: [{ phone: '+375291130001' }],
		});
		expect(items[0].json.error).toMatch(
			/^Invalid Default Country "Belarus" in item 0: give the ISO 3166 code of a country/,
		);
		const stored = await fixture.run({
			parameters: send(),
			credentialFields: { defaultCountry: 'XX' },
			continueOnFail: true,
			items: [{ phone: '+375291130001' }],
		});
		expect(stored.items[0].json.error).toMatch(
			/^Invalid Default Country \(in the credential\) "XX" in item 0/,
		);
		expect(sentPhones()).toEqual([]);
	});
});
