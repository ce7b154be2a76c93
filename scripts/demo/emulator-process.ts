import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import axios from 'axios';

/** Whether something still accepts connections on the port. */
async function listening(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

export interface EmulatorProcess {
	baseUrl: string;
	token: string;
	/** What the emulator seeded for the token (sender names, templates, ...), as its control API reports it. */
	account: Record<string, unknown>;
	stop(): Promise<void>;
}

/** Starts the emulator with its CLI (`npm run sandbox`), in its own process group, and waits until it answers. */
export async function startEmulatorProcess(options: {
	repoRoot: string;
	port: number;
	token: string;
}): Promise<EmulatorProcess> {
	const baseUrl = `http://127.0.0.1:${options.port}`;
	const child = spawn(
		'npm',
		['run', '--silent', 'sandbox', '--', '--port', String(options.port), '--token', options.token],
		{
			cwd: options.repoRoot,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20000));
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const killGroup = (signal: NodeJS.Signals) => {
		try {
			if (child.pid) process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	};
	process.once('exit', () => killGroup('SIGKILL'));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			killGroup('SIGTERM');
			const forced = setTimeout(() => killGroup('SIGKILL'), 5000);
			await exited;
			clearTimeout(forced);
		}
		killGroup('SIGKILL');
		// npm, the group's leader, exits before the emulator below it has let go of its port; a
		// busy machine reaps that one later: stop() ends when the port is free (or after 15 s)
		const until = Date.now() + 15_000;
		while ((await listening(options.port)) && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 100));
	};

	const deadline = Date.now() + 60000;
	for (;;) {
		if (child.exitCode !== null)
			throw new Error(`the emulator exited (${child.exitCode}):\n${output}`);
		try {
			const response = await axios.get(
				`${baseUrl}/__sandbox/accounts/${encodeURIComponent(options.token)}`,
				{
					timeout: 2000,
					validateStatus: () => true,
				},
			);
			if (response.status === 200) {
				return {
					baseUrl,
					token: options.token,
					account: response.data as Record<string, unknown>,
					stop,
				};
			}
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`the emulator did not answer at ${baseUrl} within 60 s:\n${output}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
