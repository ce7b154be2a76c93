import { createServer, type AddressInfo } from 'net';

/** A loopback port where nothing listens (it was free a moment ago): a connection there is refused. */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
