/**
 * One classification of answers (transport/answer.ts), over a table of answers a service or a
 * proxy could give, through n8n's engine. For a send, only a clear refusal is called a refusal;
 * anything else the node cannot read says the message may have been sent, and is not sent again.
 */
import { PROBE_NODE_TYPE } from '../harness/probeNode';
import { runNode } from '../harness/runNode';
import { startScriptedServer, type ScriptedServer } from './scriptedServer';

let server: ScriptedServer;
beforeAll(async () => (server = await startScriptedServer()));
afterAll(async () => await server.close());

type Expected = 'answer' | 'refused' | 'unknown';
interface Row {
	what: string;
	method: 'sendQuickSMS' | 'sendQuickChatMessage' | 'getChatMessages' | 'checkSMS';
	status: number;
	body: string;
	expected: Expected;
	message?: RegExp;
}

const v1Send = 'sendQuickSMS' as const;
const v2Send = 'sendQuickChatMessage' as const;
const rows: Row[] = [
	{
		what: 'v1 success with error: false',
		method: v1Send,
		status: 200,
		body: '{"sms_id":101,"status":"NEW","parts":1,"error":false}',
		expected: 'answer',
	},
	{
		what: 'v1 success with error: 0',
		method: v1Send,
		status: 200,
		body: '{"sms_id":101,"status":"NEW","error":0}',
		expected: 'answer',
	},
	{
		what: 'v1 success with an empty error',
		method: v1Send,
		status: 200,
		body: '{"sms_id":101,"status":"NEW","error":""}',
		expected: 'answer',
	},
	{
		what: 'v1 success with error: null',
		method: v1Send,
		status: 200,
		body: '{"sms_id":101,"status":"NEW","error":null}',
		expected: 'answer',
	},
	{
		what: 'v1 2xx with an error and a reason',
		method: v1Send,
		status: 200,
		body: '{"error":"invalid phone"}',
		expected: 'refused',
		message: /refused the request: invalid phone/,
	},
	{
		what: 'v1 2xx with error: true and no reason',
		method: v1Send,
		status: 200,
		body: '{"error":true}',
		expected: 'unknown',
		message: /an error and no reason/,
	},
	{
		what: '200 with an empty body',
		method: v1Send,
		status: 200,
		body: '',
		expected: 'unknown',
		message: /an empty answer/,
	},
	{
		what: '200 with JSON null',
		method: v1Send,
		status: 200,
		body: 'null',
		expected: 'unknown',
		message: /not an object/,
	},
	{
		what: '200 with a JSON number',
		method: v1Send,
		status: 200,
		body: '42',
		expected: 'unknown',
		message: /not an object/,
	},
	{
		what: '200 with a JSON list',
		method: v1Send,
		status: 200,
		body: '[1,2]',
		expected: 'unknown',
		message: /not an object/,
	},
	{
		what: '200 with a JSON text',
		method: v1Send,
		status: 200,
		body: '"ok"',
		expected: 'unknown',
		message: /not an object/,
	},
	{
		what: '200 with HTML',
		method: v1Send,
		status: 200,
		body: '<html>proxy</html>',
		expected: 'unknown',
		message: /not valid JSON/,
	},
	{
		what: '400 with a reason',
		method: v1Send,
		status: 400,
		body: '{"error":"invalid request","parameter":"phone"}',
		expected: 'refused',
		message: /invalid \(400\): invalid request, parameter "phone"/,
	},
	{
		what: '400 with no reason',
		method: v1Send,
		status: 400,
		body: '{}',
		expected: 'unknown',
		message: /an error status and no reason/,
	},
	{
		what: '400 with HTML',
		method: v1Send,
		status: 400,
		body: '<html>bad</html>',
		expected: 'unknown',
		message: /not JSON/,
	},
	{
		what: '401 with no reason',
		method: v1Send,
		status: 401,
		body: '',
		expected: 'refused',
		message: /refused the API key \(401\)/,
	},
	{
		what: '500',
		method: v1Send,
		status: 500,
		body: '{"error":"oops"}',
		expected: 'unknown',
		message: /unavailable \(500\)/,
	},
	{
		what: '502 from a proxy',
		method: v1Send,
		status: 502,
		body: '<html>bad gateway</html>',
		expected: 'unknown',
		message: /unavailable \(502\)/,
	},
	{
		what: 'v2 OK',
		method: v2Send,
		status: 200,
		body: '{"status":"OK","result":{"message_id":7}}',
		expected: 'answer',
	},
	{
		what: 'v2 status other than OK with a reason',
		method: v2Send,
		status: 200,
		body: '{"status":"ERROR","message":"no such chat name"}',
		expected: 'refused',
		message: /refused the request: no such chat name \(status ERROR\)/,
	},
	{
		what: 'v2 status other than OK and no reason',
		method: v2Send,
		status: 200,
		body: '{"status":"ERROR"}',
		expected: 'unknown',
		message: /status "ERROR" and no reason/,
	},
	{
		what: 'v2 answer without a status',
		method: v2Send,
		status: 200,
		body: '{"result":{"message_id":7}}',
		expected: 'unknown',
		message: /no status/,
	},
	{
		what: 'v2 OK with error: false',
		method: v2Send,
		status: 200,
		body: '{"status":"OK","result":{"message_id":7},"error":false}',
		expected: 'answer',
	},
	{
		what: 'a read answering 200 with a JSON list where an envelope is due',
		method: 'getChatMessages',
		status: 200,
		body: '[]',
		expected: 'unknown',
		message: /not an object/,
	},
	{
		what: 'a read answering a bare number',
		method: 'checkSMS',
		status: 200,
		body: '7',
		expected: 'unknown',
		message: /not an object/,
	},
];

const parametersOf: Record<string, object> = {
	sendQuickSMS: { phone: '375291234567', message: 'Hi' },
	sendQuickChatMessage: { phone: '375291234567', message: 'Hi' },
	getChatMessages: {},
	checkSMS: { sms_id: 1 },
};

async function probe(method: string) {
	return await runNode({
		baseUrl: server.url,
		nodeType: PROBE_NODE_TYPE,
		parameters: { method, parameters: JSON.stringify(parametersOf[method]), timeoutMs: 5000 },
	});
}

describe('the classification of answers', () => {
	it.each(rows.map((row) => [row.what, row] as const))(
		'%s',
		async (_what, row) => {
			server.script((_request, response) => {
				response.writeHead(row.status, { 'content-type': 'application/json' });
				response.end(row.body);
			});
			const before = server.requests.length;
			const { items, error } = await probe(row.method);
			const sends = row.method === v1Send || row.method === v2Send;
			if (row.expected === 'answer') {
				expect(error).toBeUndefined();
				expect(items).toHaveLength(1);
			} else {
				expect(error?.message).toMatch(row.message!);
				if (sends && row.expected === 'unknown')
					expect(error?.description).toMatch(/may have been sent/);
				if (row.expected === 'refused')
					expect(`${error?.description}`).not.toMatch(/may have been sent/);
			}
			// a send is never sent twice; a read may be tried again after an answer it cannot read
			if (sends) expect(server.requests.length - before).toBe(1);
		},
		30_000,
	);
});

describe('IDs beyond 2^53', () => {
	it('keeps their exact digits (as strings), and other numbers as numbers', async () => {
		server.script((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(
				'{"sms_id":12345678901234567890,"parts":1,"cost":"0.5","small":-42,"ratio":1.25e3,"note":"12345678901234567890x","ids":[9007199254740993,9007199254740991]}',
			);
		});
		const { items, error } = await probe(v1Send);
		expect(error).toBeUndefined();
		expect((items[0].json as { answer: unknown }).answer).toEqual({
			kind: 'value',
			value: {
				sms_id: '12345678901234567890',
				parts: 1,
				cost: '0.5',
				small: -42,
				ratio: 1250,
				note: '12345678901234567890x',
				ids: ['9007199254740993', 9007199254740991],
			},
		});
	});
});
