import { useSandbox } from '../harness/sandbox';

const fixture = useSandbox();

describe('the credential within one execution', () => {
	it('is loaded and decrypted once, however many items and requests the execution makes', async () => {
		const items = Array.from({ length: 25 }, (_, index) => ({
			phone: String(375290000100 + index),
		}));
		const {
			items: output,
			error,
			credentialReads,
		} = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phone: '={{ $json.phone }}',
				messageFrom: 'text',
				message: 'Your order has shipped',
				senderNameId: String(fixture.account.alphanameIds[0]),
				options: { concurrency: 5 },
			},
			items,
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(25);
		const sends = fixture.sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendQuickSMS');
		expect(sends.map((request) => request.status)).toEqual(Array(25).fill(200));
		expect(credentialReads).toBe(1);
	});
});
