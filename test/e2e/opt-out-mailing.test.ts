// The example mailing that keeps opt-outs and quiet hours (examples/mailing-with-opt-outs.json) in a
// real n8n, against the emulator (real clock): the Data table "Opted-out phones" is made through
// n8n's REST API as the demo makes it, the example imported as it is and run; the emulator must
// receive no opted-out phone and no recipient outside 09:00-21:00 on their clock for immediate delivery.
import type { IDataObject } from 'n8n-workflow';
import { ensureDataTable, OPTED_OUT_PHONES } from '../../scripts/demo/dataTables';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { referenceNextAllowed, serviceTimeIn } from '../node/guards/reference';
import { executionError, nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-opt-out-token';
const SERVICE_ZONE = 'Europe/Minsk';
/** The example's contacts (its Code node) and the zone each one's clock is in. */
const CONTACTS: Record<string, string> = {
	'375291234567': 'Europe/Minsk',
	'375291234568': 'Europe/Minsk',
	'375291234569': 'Europe/Minsk',
	'447700900123': 'Europe/London',
	'919812345678': 'Asia/Kolkata',
	'17095550123': 'America/St_Johns',
};
/** Opt-outs as the auto-responder and people write them: Boris and Emil, and a phone that is no contact. */
const OPT_OUTS = ['+375 (29) 123-45-68', '0091 98123-45678', '+48 600 700 800'];
const OPTED_OUT = ['375291234568', '919812345678'];

describe('examples/mailing-with-opt-outs.json in a real n8n', () => {
	let sandbox: Sandbox;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	it('reads the opted-out phones from the Data table and leaves them out; nobody gets the mailing at once outside 09:00-21:00', async () => {
		// the table the examples share, made as the demo makes it (or found, when another test made it)
		const table = await ensureDataTable(client, OPTED_OUT_PHONES);
		await client.request(
			'POST',
			`/rest/projects/${table.projectId}/data-tables/${table.id}/insert`,
			{
				data: OPT_OUTS.map((phone) => ({ phone })),
				returnType: 'count',
			},
		);
		// a credential of its own (the example's name belongs to examples.test.ts in the shared n8n)
		const credential = await client.createCredential({
			name: 'Messaging Service (opt-out mailing e2e)',
			type: 'messagingServiceApi',
			data: {
				apiKey: TOKEN,
				baseUrl: sandbox.url,
				allowUnencryptedHttp: false,
				serviceTimeZone: SERVICE_ZONE,
			},
		});
		const example = readExampleWorkflows(host.repoRoot).find(
			(entry) => entry.file === 'examples/mailing-with-opt-outs.json',
		);
		if (!example) throw new Error('examples/mailing-with-opt-outs.json is missing');
		const workflow = await client.createWorkflow(withCredential(example.workflow, credential));

		const startedMs = Date.now();
		const execution = await client.runManually(workflow.id);
		const endedMs = Date.now();

		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		const sends = sandbox.requests().filter((request) => request.apiMethod === 'sendBulkSms');
		const mailings = sends.flatMap(
			(request) => (request.body as IDataObject).messages as IDataObject[],
		);
		const recipients = mailings.flatMap((mailing) =>
			(mailing.delivery_list as IDataObject[]).map((entry) => ({
				phone: String(entry.phone),
				mailing,
			})),
		);
		// every contact but the opted-out ones, once
		expect(recipients.map((recipient) => recipient.phone).sort()).toEqual(
			Object.keys(CONTACTS)
				.filter((phone) => !OPTED_OUT.includes(phone))
				.sort(),
		);

		// each recipient at once only inside its hours, else at its next 09:00 in the Service Time Zone
		for (const { phone, mailing } of recipients) {
			const zone = CONTACTS[phone];
			const expected = [startedMs, endedMs].map((at) => referenceNextAllowed(at, zone));
			if (mailing.schedule_time === undefined) {
				expect({
					phone,
					allowedAtOnce: expected.some((at, index) => at === [startedMs, endedMs][index]),
				}).toEqual({ phone, allowedAtOnce: true });
			} else {
				expect(expected.map((at) => serviceTimeIn(at, SERVICE_ZONE, 'T'))).toContain(
					mailing.schedule_time,
				);
			}
		}

		const output = nodeOutput(execution, 'Send SMS batch');
		const reported = output.filter((item) => item.sent === false);
		expect(reported.map((item) => [item.phone, item.reason]).sort()).toEqual(
			OPTED_OUT.map((phone) => [phone, 'doNotSendTo']).sort(),
		);
		const sentRecipients = output
			.filter((item) => item.sent === true)
			.reduce((sum, item) => sum + Number(item.recipients), 0);
		expect(sentRecipients).toBe(Object.keys(CONTACTS).length - OPTED_OUT.length);
	});
});
