// Shows why the queue-mode suite keeps finished jobs (N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED):
// n8n's main enqueues an execution, runs its "before" hook, and only then asks Bull to wait for the
// job. With n8n's default retention (0) Bull deletes a job the moment a worker finishes it, so a job
// that finishes inside that window is never reported finished, and a webhook that answers when the
// last node finishes never answers. Bull as the installed n8n ships it, against a Redis of its own:
//   npx ts-node --transpile-only scripts/queue-mode/finished-race.ts
import { requireFromHost } from '../../test/e2e/lib/host';
import { startRedis } from '../../test/e2e/lib/queue-mode/services';

interface BullJob {
	finished(): Promise<unknown>;
}
interface BullQueue {
	add(name: string, data: object, options: object): Promise<BullJob>;
	process(name: string, concurrency: number, handler: () => Promise<object>): void;
	close(): Promise<void>;
}
type BullConstructor = new (name: string, options: object) => BullQueue;

const MAIN_BUSY_MS = 1_000;
const GIVE_UP_MS = 30_000;

async function finishedBeforeWaiting(
	Bull: BullConstructor,
	port: number,
	kept: number,
): Promise<string> {
	const redis = { host: '127.0.0.1', port };
	const main = new Bull(`race-${kept}`, { redis });
	const worker = new Bull(`race-${kept}`, { redis });
	worker.process('job', 1, async () => ({ done: true }));
	const job = await main.add('job', {}, { removeOnComplete: kept, removeOnFail: kept });
	// main is busy elsewhere (its before-hook, a starved event loop) while the worker finishes the job
	await new Promise((resolve) => setTimeout(resolve, MAIN_BUSY_MS));
	const outcome = await Promise.race([
		job.finished().then(
			() => 'job.finished() resolved',
			(error: Error) => `job.finished() failed: ${error.message}`,
		),
		new Promise<string>((resolve) =>
			setTimeout(
				() => resolve(`job.finished() still pending after ${GIVE_UP_MS / 1000} s`),
				GIVE_UP_MS,
			),
		),
	]);
	await Promise.all([main.close(), worker.close()]);
	return outcome;
}

async function main() {
	const Bull = requireFromHost<BullConstructor>('bull');
	const redis = await startRedis();
	try {
		const outcomes = await Promise.all(
			[0, 1000].map(
				async (kept) => `jobs kept ${kept}: ${await finishedBeforeWaiting(Bull, redis.port, kept)}`,
			),
		);
		for (const line of outcomes) console.log(line);
	} finally {
		await redis.stop();
	}
}

void main();
