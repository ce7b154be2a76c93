import * as net from 'node:net';

/**
 * Ports handed to a child process (n8n, its task broker, PostgreSQL, Redis) are chosen below
 * Linux's ephemeral range (32768-60999). A port the OS picks with listen(0) is in that range, and
 * between the check and the child's bind the OS may give it to any outgoing connection as its source
 * port: on a busy machine that window is long, and n8n's worker once failed with "Task Broker's port
 * is already in use". Below the range only an explicit bind can take it.
 */
const FIRST_PORT = 20_000;
const PORTS = 12_000;
/** not handed out twice by this process */
const handedOut = new Set<number>();

/** A port that is free on 127.0.0.1 right now, outside the range of the OS's source ports. */
export async function getFreePort(): Promise<number> {
	for (let attempt = 0; attempt < 500; attempt++) {
		const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
		if (handedOut.has(port) || !(await isPortFree(port))) continue;
		handedOut.add(port);
		return port;
	}
	throw new Error(
		`no free port between ${FIRST_PORT} and ${FIRST_PORT + PORTS - 1} after 500 tries`,
	);
}

/** True when nothing listens on the port (used to refuse a busy fixed port with a clear message). */
export async function isPortFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}
