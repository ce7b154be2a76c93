import { request } from 'node:http';
import { alpha, call, chat, chatBatchBody, PHONE, smsBatchBody, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

function rawRequest(
	url: string,
	method: string,
	body: string,
	contentType: string,
): Promise<{ status: number; json: any }> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{
				method,
				headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
			},
			(res) => {
				let text = '';
				res.on('data', (chunk) => (text += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

describe('API key, paths, verbs and body kinds', () => {
	const ctx = useEmulator();

	const quickSmsQuery = (extra: Record<string, string> = {}) => ({
		message: 'Hi',
		phone: PHONE,
		alphaname_id: alpha(ctx),
		...extra,
	});

	it('answers 401 when the key is missing, saying where it is expected', async () => {
		const reply = await call(ctx.sandbox, 'v1/sendQuickSMS', { query: quickSmsQuery() });
		expect(reply.status).toBe(401);
		expect(reply.json).toEqual({
			error: 'unauthorized',
			message: 'API key (token) is missing',
			expected_in: 'the query string',
		});
	});

	it('answers 401 when the key is unknown', async () => {
		const reply = await call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: quickSmsQuery({ token: 'not-a-key' }),
		});
		expect(reply.status).toBe(401);
		expect(reply.json).toEqual({ error: 'unauthorized', message: 'API key (token) is not valid' });
	});

	it('treats a key sent in the wrong location as missing from the right one', async () => {
		const inForm = await call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: quickSmsQuery(),
			form: { token: TOKEN },
		});
		expect(inForm.status).toBe(401);
		expect(inForm.json.expected_in).toBe('the query string');

		const inQuery = await call(ctx.sandbox, 'v2/createTemplateMessage', {
			query: { token: TOKEN },
			form: { name: 'a', message: 'b' },
		});
		expect(inQuery.status).toBe(401);
		expect(inQuery.json.expected_in).toBe('the form body');
		expect(ctx.sandbox.counters().messagesSent).toBe(0);
	});

	it('refuses a key sent both in the right and in a wrong location', async () => {
		const reply = await call(ctx.sandbox, 'v2/createTemplateMessage', {
			query: { token: TOKEN },
			form: { token: TOKEN, name: 'a', message: 'b' },
		});
		expect(reply.status).toBe(400);
		expect(reply.json.parameter).toBe('token');
	});

	it('needs the batch key in both the query string and the JSON body, equal', async () => {
		const noQuery = await call(ctx.sandbox, 'v1/sendBulkChat', { json: chatBatchBody(ctx) });
		expect(noQuery.status).toBe(401);
		expect(noQuery.json.expected_in).toBe('both the query string and the JSON body');

		const noJson = await call(ctx.sandbox, 'v1/sendBulkSms', {
			query: { token: TOKEN },
			json: { ...smsBatchBody(ctx), token: undefined },
		});
		expect(noJson.status).toBe(401);

		const differ = await call(ctx.sandbox, 'v1/sendBulkSms', {
			query: { token: TOKEN },
			json: { ...smsBatchBody(ctx), token: 'other' },
		});
		expect(differ.status).toBe(400);
		expect(differ.json).toMatchObject({ error: 'invalid request', parameter: 'token' });
	});

	it('answers 404 page not found for unknown paths and for a method under the other version', async () => {
		for (const path of [
			'/api/v1/sendEmail',
			'/api/v2/sendQuickSMS',
			'/api/v3/getTemplateMessages',
			'/',
		]) {
			const reply = await call(ctx.sandbox, path, { query: { token: TOKEN } });
			expect({ path, status: reply.status, body: reply.json }).toEqual({
				path,
				status: 404,
				body: { error: 'page not found' },
			});
		}
	});

	it('answers 405 for a wrong verb on a known path', async () => {
		const getOnPost = await call(ctx.sandbox, 'v1/sendQuickSMS', {
			method: 'GET',
			query: { token: TOKEN, ...quickSmsQuery() },
		});
		expect(getOnPost.status).toBe(405);
		expect(getOnPost.headers.get('allow')).toBe('POST');
		const postOnGet = await call(ctx.sandbox, 'v1/createSmsMessage', {
			query: { token: TOKEN, message: 'x' },
		});
		expect(postOnGet.status).toBe(405);
		expect(ctx.sandbox.counters().messagesSent).toBe(0);
	});

	it('accepts form fields urlencoded or multipart', async () => {
		const form = { token: TOKEN, name: 'Multipart', message: 'Sent as multipart' };
		const multipart = await call(ctx.sandbox, 'v2/createTemplateMessage', {
			multipart: { fields: form },
		});
		expect(multipart.status).toBe(200);
		expect(multipart.json.result).toMatchObject({
			name: 'Multipart',
			message: 'Sent as multipart',
		});
	});

	it('refuses JSON sent to a form method and a form sent to a batch method', async () => {
		const json = await call(ctx.sandbox, 'v2/createTemplateMessage', {
			json: { token: TOKEN, name: 'a', message: 'b' },
		});
		expect(json.status).toBe(400);
		expect(json.json.parameter).toBe('content-type');
		const form = await call(ctx.sandbox, 'v1/sendBulkChat', {
			query: { token: TOKEN },
			form: { token: TOKEN, messages: '[]' },
		});
		expect(form.status).toBe(400);
		expect(form.json.parameter).toBe('content-type');
	});

	it('refuses a GET method whose parameter comes in a body', async () => {
		const reply = await rawRequest(
			`${ctx.sandbox.url}/api/v1/createSmsMessage?token=${TOKEN}`,
			'GET',
			'message=hello',
			'application/x-www-form-urlencoded',
		);
		expect(reply.status).toBe(400);
		expect(reply.json).toMatchObject({
			parameter: 'message',
			rule: 'must be sent in the query string, not in the form body',
		});
	});

	it('refuses a parameter sent twice', async () => {
		const url = `v1/sendOtpAppOne`;
		const reply = await call(ctx.sandbox, `${url}?phone=${PHONE}`, {
			query: { token: TOKEN, message: '1234', phone: PHONE },
		});
		expect(reply.status).toBe(400);
		expect(reply.json).toMatchObject({ parameter: 'phone', rule: 'must be sent once' });
	});

	it('refuses unknown ids: v1 names the parameter, v2 answers status error', async () => {
		const v1 = await call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: { token: TOKEN, ...quickSmsQuery({ alphaname_id: chat(ctx) }) },
		});
		expect(v1.status).toBe(400);
		expect(v1.json).toMatchObject({ error: 'invalid request', parameter: 'alphaname_id' });

		const v2 = await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
			form: { token: TOKEN, chatname_id: alpha(ctx), phone: PHONE, message: 'x' },
		});
		expect(v2.status).toBe(400);
		expect(v2.json).toEqual({ status: 'error', error: expect.stringContaining('chatname_id') });
		expect(ctx.sandbox.counters().messagesSent).toBe(0);
	});

	it('takes an image file in multipart and refuses image sent as a text field', async () => {
		const png = Buffer.from('89504e470d0a1a0a', 'hex');
		const withFile = await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
			multipart: {
				fields: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE, type_message: 'IMAGE' },
				files: [{ field: 'image', filename: 'photo.png', type: 'image/png', content: png }],
			},
		});
		expect(withFile.status).toBe(200);
		const data = await call(ctx.sandbox, 'v2/getChatMessageData', {
			query: { token: TOKEN },
			form: { message_id: String(withFile.json.result.message_id) },
		});
		expect(data.json.result).toMatchObject({ message_type: 'IMAGE', image_file: 'photo.png' });

		const asText = await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
			form: {
				token: TOKEN,
				chatname_id: chat(ctx),
				phone: PHONE,
				type_message: 'IMAGE',
				image: 'photo.png',
			},
		});
		expect(asText.status).toBe(400);
		expect(asText.json.parameter).toBe('image');

		const notImage = await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
			multipart: {
				fields: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE, type_message: 'IMAGE' },
				files: [
					{
						field: 'image',
						filename: 'notes.txt',
						type: 'text/plain',
						content: Buffer.from('hello'),
					},
				],
			},
		});
		expect(notImage.status).toBe(400);
		expect(notImage.json.parameter).toBe('image');
	});
});
