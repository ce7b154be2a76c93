// Text in a query parameter reaches the service exactly. n8n's HTTP helper serialises `qs` with
// qs.stringify, which encodes in chunks of 1,024 UTF-16 units: a character outside the BMP whose
// two halves straddle a chunk's end arrived as two broken halves. The node builds the query itself.
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const send = (message: string) =>
	params(fixture.account, 'sms', 'send', {
		phone: '375291234567',
		messageFrom: 'text',
		message,
		senderNameId: String(fixture.account.alphanameIds[0]),
	});

describe('text in a query parameter', () => {
	// the pair at units 1,022-1,023, 1,023-1,024 (across qs's chunk) and 1,024-1,025, and at the second chunk's end
	it.each([1022, 1023, 1024, 2047])(
		'an emoji at UTF-16 unit %i of an SMS arrives whole',
		async (at) => {
			const message = `${'a'.repeat(at)}😀${'b'.repeat(10)}`;
			const { requests } = await fixture.runOk({ parameters: send(message) });
			expect(requests).toHaveLength(1);
			expect(requests[0].query.message).toBe(message);
		},
	);

	it('characters that mean something in a URL arrive as written', async () => {
		const message =
			'a&b=c?d#e%20f+g h/i;j,k\'l"m<n>o[p]q{r}s|t\\u^v`w~x!y*z(1)2 — «ё» 中文 ﷺ \u00a0end';
		const { requests } = await fixture.runOk({ parameters: send(message) });
		expect(requests[0].query.message).toBe(message);
	});
});
