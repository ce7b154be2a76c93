// The opt-outs of examples/ai-chatbot.json in a real n8n (the package installed from its tarball),
// against the emulator (real clock) and a scripted model: a customer who writes "STOP!!" never
// reaches the bot; the Chat Trigger's Opt-Outs output runs n8n's Data table node, which records
// their phone in the Data table "Opted-out phones" (created first over n8n's REST API, as the demo
// does), once however often they ask; another customer's turn is answered as usual. The mailing
// example (examples/mailing-with-opt-outs.json) then reads that table and leaves the phone out.
// Then the customer writes START: the example deletes the row and the next mailing reaches them
// again; another's HELP is answered once with the example's text; neither reaches the bot.
import type { IDataObject } from 'n8n-workflow';

import {
	dataTableRows,
	ensureDataTable,
	OPTED_OUT_PHONES,
	type DataTable,
} from '../../scripts/demo/dataTables';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import {
	answersTo as chatAnswersTo,
	chatbotWorkflow,
	openingMailing,
	userTexts,
} from './lib/chatbot';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { host } from './lib/host';
import type { ExecutionDetails } from './lib/n8n-types';
import { finishedExecutions, waitUntil } from './lib/polls';
import { startScriptedChatModel, type ScriptedChatModel } from './lib/scripted-chat-model';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-opt-outs-key-Zr4p-8Kd';
const ANNA = '375291130001';
const BORIS = '375291130002';

describe('the chatbot example records an opt-out in the Data table "Opted-out phones"', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let client: N8nClient;
	let table: DataTable;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startScriptedChatModel({}, () => 'Happy to help!');
		({ client } = await sharedN8n());
		table = await ensureDataTable(client, OPTED_OUT_PHONES);
	});

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	const answersTo = (phone: string): string[] => chatAnswersTo(sandbox, phone);
	const rowsOf = async (phone: string) =>
		(await dataTableRows(client, table)).filter((row) => row.phone === phone);
	/** The reply IDs the workflows marked read, in this file's emulator. */
	const markedRead = () =>
		sandbox
			.requests()
			.filter((request) => request.apiMethod === 'readResponseStatus')
			.flatMap((request) => String(request.body?.incoming_messages).split(','));
	const ranRecord = (execution: ExecutionDetails) =>
		execution.data.resultData.runData['Record the opt-out'] !== undefined;

	it('an opt-out goes to the Data table, not to the bot, and is recorded once; a question is answered', async () => {
		const workflow = await chatbotWorkflow(client, {
			label: 'opt-outs e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		const annaMailing = await openingMailing(sandbox, TOKEN, ANNA);
		const borisMailing = await openingMailing(sandbox, TOKEN, BORIS);
		await client.activateWorkflow(workflow.id);
		try {
			const stop = sandbox.injectReply(TOKEN, {
				message_id: annaMailing,
				phone: ANNA,
				message: 'STOP!!',
			}).id;
			sandbox.injectReply(TOKEN, {
				message_id: borisMailing,
				phone: BORIS,
				message: 'Can I move my booking?',
			});
			const first = await finishedExecutions(client, workflow.id, 2);
			for (const execution of first)
				expect({ status: execution.status, error: executionError(execution) }).toEqual({
					status: 'success',
					error: undefined,
				});

			const optOutRun = first.find(ranRecord)!;
			expect(optOutRun).toBeDefined();
			expect(nodeOutput(optOutRun, 'New chat reply', 0)).toEqual([]);
			expect(nodeOutput(optOutRun, 'New chat reply', 1)).toEqual([
				expect.objectContaining({
					id: stop,
					sessionId: ANNA,
					chatInput: 'STOP!!',
					optOut: true,
					optOutKeyword: 'stop',
				}),
			]);
			expect(optOutRun.data.resultData.runData['AI Agent']).toBeUndefined();
			expect(await rowsOf(ANNA)).toEqual([
				expect.objectContaining({ phone: ANNA, keyword: 'stop', message: 'STOP!!' }),
			]);

			const answered = first.find((execution) => !ranRecord(execution))!;
			expect(nodeOutput(answered, 'New chat reply', 0)).toEqual([
				expect.objectContaining({ sessionId: BORIS, optOut: false }),
			]);
			expect(answersTo(BORIS)).toEqual(['Happy to help!']);

			// asking again updates the row: one row per phone
			sandbox.injectReply(TOKEN, {
				message_id: annaMailing,
				phone: ANNA,
				message: 'Отписаться, пожалуйста',
			});
			const [again] = (await finishedExecutions(client, workflow.id, 3)).slice(2);
			expect({
				status: again.status,
				error: executionError(again),
				recorded: ranRecord(again),
			}).toEqual({ status: 'success', error: undefined, recorded: true });
			expect(await rowsOf(ANNA)).toEqual([
				expect.objectContaining({
					phone: ANNA,
					keyword: 'отписаться',
					message: 'Отписаться, пожалуйста',
				}),
			]);

			// the bot never saw an opt-out, Anna got no answer, and every reply is marked read
			expect(
				model
					.requests()
					.flatMap(userTexts)
					.filter((text) => /stop|отписаться/i.test(text)),
			).toEqual([]);
			expect(answersTo(ANNA)).toEqual([]);
			await waitUntil(
				() => markedRead().length >= 3,
				30000,
				'marking of the three replies as read',
			);
			expect(new Set(markedRead()).size).toBe(3);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 400000);

	/** Runs examples/mailing-with-opt-outs.json as shipped, its contacts the two customers (Anna written as people write a phone): the phones it sent to, and its execution. */
	async function runMailing(
		label: string,
	): Promise<{ delivered: string[]; execution: ExecutionDetails }> {
		const example = readExampleWorkflows(host.repoRoot).find(
			(entry) => entry.file === 'examples/mailing-with-opt-outs.json',
		);
		if (!example) throw new Error('examples/mailing-with-opt-outs.json is missing');
		// the example as shipped, its contacts the two customers (Anna written as people write a phone)
		const contacts = `return [{ json: { name: 'Anna', phone: '+375 29 113-00-01' } }, { json: { name: 'Boris', phone: '${BORIS}' } }];`;
		const nodes = example.workflow.nodes.map((node) =>
			node.name === 'Contacts'
				? { ...node, parameters: { ...node.parameters, jsCode: contacts } }
				: node,
		);
		const credential = await client.createCredential({
			name: `Messaging Service (opt-outs e2e ${label})`,
			type: 'messagingServiceApi',
			data: {
				apiKey: TOKEN,
				baseUrl: sandbox.url,
				allowUnencryptedHttp: false,
				serviceTimeZone: 'Europe/Minsk',
			},
		});
		const workflow = await client.createWorkflow(
			withCredential({ ...example.workflow, nodes }, credential),
		);
		const before = sandbox.requests().length;
		const execution = await client.runManually(workflow.id);

		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		const delivered = sandbox
			.requests()
			.slice(before)
			.filter((request) => request.apiMethod === 'sendBulkSms')
			.flatMap((request) =>
				((request.body as IDataObject).messages as IDataObject[]).flatMap(
					(mailing) => mailing.delivery_list as IDataObject[],
				),
			)
			.map((entry) => String(entry.phone));
		return { delivered, execution };
	}

	it('the next mailing, examples/mailing-with-opt-outs.json, reads the table and leaves out the phone that opted out', async () => {
		const { delivered, execution } = await runMailing('mailing');
		expect(delivered).toEqual([BORIS]);
		const output = nodeOutput(execution, 'Send SMS batch');
		expect(
			output.filter((item) => item.sent === false).map((item) => [item.phone, item.reason]),
		).toEqual([[ANNA, 'doNotSendTo']]);
	}, 400000);

	it("START after STOP removes the phone from the table, so the next mailing reaches it again; HELP is answered once with the example's text; neither reaches the bot", async () => {
		const example = readExampleWorkflows(host.repoRoot).find(
			(entry) => entry.file === 'examples/ai-chatbot.json',
		)!;
		const helpText = String(
			example.workflow.nodes.find((node) => node.name === 'Answer HELP')?.parameters.message,
		);
		expect(helpText).toContain('STOP');
		expect(await rowsOf(ANNA)).toHaveLength(1); // Anna's opt-out of the first test
		const workflow = await chatbotWorkflow(client, {
			label: 'opt-ins e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		const annaMailing = await openingMailing(sandbox, TOKEN, ANNA);
		const borisMailing = await openingMailing(sandbox, TOKEN, BORIS);
		const modelCalls = model.requests().length;
		await client.activateWorkflow(workflow.id);
		try {
			sandbox.injectReply(TOKEN, { message_id: annaMailing, phone: ANNA, message: 'START' });
			sandbox.injectReply(TOKEN, { message_id: borisMailing, phone: BORIS, message: 'HELP' });
			const runs = await finishedExecutions(client, workflow.id, 2);
			for (const execution of runs)
				expect({ status: execution.status, error: executionError(execution) }).toEqual({
					status: 'success',
					error: undefined,
				});
			const ran = (name: string) =>
				runs.filter((execution) => execution.data.resultData.runData[name] !== undefined);
			const [optIn] = ran('Forget the opt-out');
			expect(nodeOutput(optIn, 'New chat reply', 1)).toEqual([
				expect.objectContaining({
					sessionId: ANNA,
					consent: 'optIn',
					consentKeyword: 'start',
					optOut: false,
				}),
			]);
			expect(nodeOutput(optIn, 'Forget the opt-out')).toEqual([
				expect.objectContaining({ phone: ANNA, keyword: 'отписаться' }),
			]); // the row her second opt-out left
			expect(await rowsOf(ANNA)).toEqual([]);
			const [help] = ran('Answer HELP');
			expect(nodeOutput(help, 'New chat reply', 1)).toEqual([
				expect.objectContaining({ sessionId: BORIS, consent: 'help', consentKeyword: 'help' }),
			]);
			expect(ran('Record the opt-out')).toEqual([]);
			expect(ran('AI Agent')).toEqual([]);

			// later polls start nothing more: HELP is answered once, START asked nothing to be sent
			await waitUntil(
				() => markedRead().length >= 5,
				30000,
				'marking of the START and HELP replies as read',
			);
			const polled = sandbox.requests().length;
			await waitUntil(
				() => sandbox.requests().length >= polled + 10,
				60000,
				'ten more requests of the trigger',
			);
			expect((await client.listExecutions(workflow.id)).length).toBe(2);
			expect(answersTo(BORIS).filter((text) => text === helpText)).toEqual([helpText]);
			expect(answersTo(ANNA)).toEqual([]);
			expect(model.requests().length).toBe(modelCalls);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}

		const { delivered } = await runMailing('mailing after START');
		expect(delivered.sort()).toEqual([ANNA, BORIS].sort());
	}, 400000);
});
