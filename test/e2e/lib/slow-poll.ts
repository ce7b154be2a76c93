// The polling trigger (Mark as Read on, every 15 s) through a poll that fails (the service answers
// 500 to its listing and its reads for a while) and a poll that runs past n8n's poll timeout (the
// emulator holds its answers for 60 s; the durable scheduler abandons a poll after 45 s and goes on
// polling): every reply ends up in exactly one finished execution, or also in a later one flagged
// `redelivered`; none is read on the service that no execution carries.
import {
	midPoll,
	succeededCount,
	untilSucceeded,
	writingToActiveTrigger,
	useEmulatorAndN8n,
	type MidPollN8n,
} from './mid-poll';
import { POLL_TRIGGER } from './poll-kill';
import { waitUntil } from './polls';
import {
	describeTally,
	markedRead,
	readButCarriedByNone,
	settledExecutions,
	tally,
} from './reply-tally';

/** Past n8n's poll timeout (N8N_SCHEDULER_POLL_TIMEOUT, 45 s by default). */
const HELD_FOR_MS = 60000;
const FAILING = {
	rules: [
		{ apiMethod: 'getChatMessages', kind: '500-before' as const, count: 3 },
		{ apiMethod: 'getNewIncomingMessages', kind: '500-before' as const, count: 15 },
	],
};

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

export function describeSlowPolls(
	label: string,
	token: string,
	phonePrefix: string,
	connect: () => Promise<MidPollN8n>,
): void {
	describe(`the polling trigger through a failing poll and a poll past n8n's timeout (${label})`, () => {
		const running = useEmulatorAndN8n(token, connect);

		it('outputs every reply once (a later copy only flagged) and reads none that no execution carries', async () => {
			const { sandbox, client } = running;
			const { customers, workflowId } = await writingToActiveTrigger(client, sandbox, {
				label,
				token,
				phonePrefix,
			});
			const succeeded = async () => await succeededCount(client, workflowId);
			const untilExecutions = async (count: number) =>
				await untilSucceeded(client, workflowId, count, `${count} executions`);
			await untilExecutions(1);

			sandbox.setFaults(FAILING);
			const failed = () => sandbox.requests().filter((request) => request.status === 500).length;
			await waitUntil(() => failed() >= 18, 120000, 'the failing polls');
			sandbox.setFaults({});
			await untilExecutions((await succeeded()) + 1);

			await midPoll(sandbox, async () => {
				await sleep(HELD_FOR_MS);
			});
			await untilExecutions((await succeeded()) + 1);
			customers.stop();
			const ids = customers.written.map((reply) => reply.id);
			await waitUntil(
				() => ids.every((id) => markedRead(sandbox.requests()).has(id)),
				120000,
				'every reply marked read',
			).catch(() => undefined);
			await client.deactivateWorkflow(workflowId);
			const executions = await settledExecutions(client, workflowId, 30000);
			const figures = tally(ids, executions, POLL_TRIGGER);
			const readUncarried = readButCarriedByNone(sandbox.requests(), executions, POLL_TRIGGER);
			process.stdout.write(
				`${describeTally(label, figures)}; read on the service but in no execution ${readUncarried.length}\n`,
			);
			expect({
				lost: figures.lost,
				doubledUnflagged: figures.doubledUnflagged,
				unknown: figures.unknown,
				readUncarried,
			}).toEqual({ lost: [], doubledUnflagged: [], unknown: [], readUncarried: [] });
		}, 900000);
	});
}
