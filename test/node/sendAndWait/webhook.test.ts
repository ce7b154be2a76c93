import type { INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { callWebhook, runWithResumeLink, timedOutItem } from './waiting';

const fixture = useSandbox();

const HOSTILE =
	'Refund <script>alert("x")</script> & <img src=https://evil.example/x.png> to \'Ann\'?';

async function waitingRun(extra: INodeParameters = {}) {
	const parameters = params(fixture.account, 'sms', 'sendAndWait', { message: HOSTILE, ...extra });
	const run = await runWithResumeLink(fixture, { parameters });
	expect(run.error).toBeUndefined();
	expect(run.run.status).toBe('waiting');
	return { run, parameters };
}

const double = {
	approvalOptions: {
		values: { approvalType: 'double', approveLabel: 'Yes, refund', disapproveLabel: 'No <way>' },
	},
};

describe('Send and Wait for Response: the page and the answer (webhook)', () => {
	it('GET shows the question, escaped, with the choices as a POST form, and decides nothing', async () => {
		const { run, parameters } = await waitingRun(double);
		const page = await callWebhook(run, parameters, { method: 'GET' });
		expect(page.status).toBe(200);
		expect(page.result).toEqual({ noWebhookResponse: true });
		expect(page.result.workflowData).toBeUndefined();
		expect(page.html).toContain(
			'Refund &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=https://evil.example/x.png&gt; to &#39;Ann&#39;?',
		);
		expect(page.html).not.toContain('<script');
		expect(page.html).not.toContain('<img');
		expect(page.html).toContain('<form method="post">');
		expect(page.html).toContain('name="approved" value="true"');
		expect(page.html).toContain('>Yes, refund</button>');
		expect(page.html).toContain('>No &lt;way&gt;</button>');
		expect(page.html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
		// Nothing is loaded from elsewhere: no tag with a src or href attribute.
		expect(page.html).not.toMatch(/<[^>]*\s(src|href)=/);
		expect(page.headers['content-security-policy']).toContain("default-src 'none'");
		expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(page.html).not.toContain(TEST_API_KEY);
	});

	it('Approve only: the page has one button, and a POST "false" is refused and decides nothing', async () => {
		const { run, parameters } = await waitingRun();
		const page = await callWebhook(run, parameters, { method: 'GET' });
		expect(page.html).toContain('>Approve</button>');
		expect(page.html).not.toContain('value="false"');
		const refused = await callWebhook(run, parameters, {
			method: 'POST',
			body: { approved: 'false' },
		});
		expect(refused.status).toBe(400);
		expect(refused.result.workflowData).toBeUndefined();
		expect(refused.html).toContain('not one of the choices');
	});

	it('POST Approve gives {data: {approved: true, respondedAt}}, Decline {approved: false}', async () => {
		const { run, parameters } = await waitingRun(double);
		const approve = await callWebhook(run, parameters, {
			method: 'POST',
			body: { approved: 'true' },
		});
		// The page goes to n8n, which sends it once the execution has resumed with this answer.
		expect(approve.result.webhookResponse).toContain('your answer was received');
		expect(approve.result.noWebhookResponse).toBeUndefined();
		expect(approve.headers['content-security-policy']).toContain("default-src 'none'");
		const [[approved]] = approve.result.workflowData!;
		expect(approved.json).toEqual({ data: { approved: true, respondedAt: expect.any(String) } });
		expect(
			Date.parse(String((approved.json.data as { respondedAt: string }).respondedAt)),
		).not.toBeNaN();
		expect(approved.pairedItem).toEqual({ item: 0 });

		const decline = await callWebhook(run, parameters, {
			method: 'POST',
			body: { approved: 'false' },
		});
		expect(decline.result.workflowData![0][0].json).toEqual({
			data: { approved: false, respondedAt: expect.any(String) },
		});
	});

	it('a POST without a choice, or with another value, is refused', async () => {
		const { run, parameters } = await waitingRun(double);
		for (const body of [{}, { approved: 'yes' }, { approved: ['true', 'false'] }]) {
			const answer = await callWebhook(run, parameters, { method: 'POST', body });
			expect(answer.status).toBe(400);
			expect(answer.result.workflowData).toBeUndefined();
		}
	});

	it('Free Text: GET shows a text field with the chosen title and label; POST gives {data: {text, respondedAt}}', async () => {
		const options = {
			responseFormTitle: 'Refund <request>',
			responseFormButtonLabel: 'Send my answer',
		};
		const { run, parameters } = await waitingRun({ responseType: 'freeText', options });
		const page = await callWebhook(run, parameters, { method: 'GET' });
		expect(page.html).toContain('<h1>Refund &lt;request&gt;</h1>');
		expect(page.html).toContain('<textarea id="answer" name="text" required');
		expect(page.html).toContain('>Send my answer</button>');

		const text = 'Only half of it, <b>please</b>';
		const answer = await callWebhook(run, parameters, { method: 'POST', body: { text } });
		expect(answer.result.workflowData![0][0].json).toEqual({
			data: { text, respondedAt: expect.any(String) },
		});
		// A multipart form gives its fields under "data": taken the same way.
		const multipart = await callWebhook(run, parameters, {
			method: 'POST',
			body: { data: { text: 'ok' } },
		});
		expect(multipart.result.workflowData![0][0].json).toMatchObject({ data: { text: 'ok' } });
	});

	it('Free Text: an empty or overlong answer is refused', async () => {
		const { run, parameters } = await waitingRun({ responseType: 'freeText' });
		for (const text of ['', '   ', 'x'.repeat(5001)]) {
			const answer = await callWebhook(run, parameters, { method: 'POST', body: { text } });
			expect(answer.status).toBe(400);
			expect(answer.result.workflowData).toBeUndefined();
		}
	});

	describe('Custom Form', () => {
		const formFields = {
			values: [
				{
					fieldLabel: 'Delivery <day>',
					fieldType: 'dropdown',
					choices: 'Monday, Friday & later',
					requiredField: true,
				},
				{ fieldLabel: 'Boxes', fieldType: 'number' },
				{ fieldLabel: 'Email', fieldType: 'email' },
				{ fieldLabel: 'Notes', fieldType: 'textarea' },
			],
		};

		it('GET shows each field, escaped, as an input of a POST form', async () => {
			const { run, parameters } = await waitingRun({
				responseType: 'customForm',
				formFields,
				options: { responseFormButtonLabel: 'Book' },
			});
			const page = await callWebhook(run, parameters, { method: 'GET' });
			expect(page.status).toBe(200);
			expect(page.html).toContain('<label for="field-0">Delivery &lt;day&gt; *</label>');
			expect(page.html).toContain(
				'<select id="field-0" name="field-0" required><option value=""></option><option>Monday</option><option>Friday &amp; later</option></select>',
			);
			expect(page.html).toContain(
				'<input type="number" id="field-1" name="field-1" step="any" inputmode="decimal">',
			);
			expect(page.html).toContain('<input type="email" id="field-2" name="field-2"');
			expect(page.html).toContain('<textarea id="field-3" name="field-3"');
			expect(page.html).toContain('>Book</button>');
		});

		it('POST gives {data: {<label>: value, ..., respondedAt}}, numbers as numbers, empty optional fields empty', async () => {
			const { run, parameters } = await waitingRun({ responseType: 'customForm', formFields });
			const answer = await callWebhook(run, parameters, {
				method: 'POST',
				body: {
					'field-0': 'Friday & later',
					'field-1': '3',
					'field-2': 'ann@example.com',
					'field-3': '',
				},
			});
			expect(answer.result.workflowData![0][0].json).toEqual({
				data: {
					'Delivery <day>': 'Friday & later',
					Boxes: 3,
					Email: 'ann@example.com',
					Notes: '',
					respondedAt: expect.any(String),
				},
			});
		});

		it.each([
			[{ 'field-1': '3' }, '&quot;Delivery &lt;day&gt;&quot; is required.'],
			[{ 'field-0': 'Sunday' }, 'must be one of its choices'],
			[{ 'field-0': 'Monday', 'field-1': 'three' }, '&quot;Boxes&quot; must be a number.'],
			[
				{ 'field-0': 'Monday', 'field-2': 'not an address' },
				'&quot;Email&quot; must be an email address.',
			],
		])('refuses %j and decides nothing', async (body, reason) => {
			const { run, parameters } = await waitingRun({ responseType: 'customForm', formFields });
			const answer = await callWebhook(run, parameters, { method: 'POST', body });
			expect(answer.status).toBe(400);
			expect(answer.html).toContain(reason);
			expect(answer.result.workflowData).toBeUndefined();
		});

		it('the timed-out item has no "approved"', async () => {
			const { run } = await waitingRun({ responseType: 'customForm', formFields });
			expect(timedOutItem(run)?.data).toEqual({ timedOut: true, waitedUntil: expect.any(String) });
		});
	});

	it('a question with an expression shows the text as it was sent, not a re-evaluated one', async () => {
		const { run, parameters } = await waitingRun({ message: '=Refund for {{ "order " + 1234 }}?' });
		const page = await callWebhook(run, parameters, { method: 'GET' });
		expect(page.html).toContain('Refund for order 1234?');
	});
});
