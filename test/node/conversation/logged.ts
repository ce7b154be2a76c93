/**
 * The warnings n8n's engine logs for a node (`this.logger.warn`): the Logger that n8n-core's node
 * contexts take from their container (n8n-core carries its own copies of these packages), watched
 * for one test.
 */
interface LoggerLike {
	warn(message: string, ...rest: unknown[]): void;
}

async function enginesLogger(): Promise<LoggerLike> {
	const from = { paths: [require.resolve('n8n-core')] };
	const { Container } = (await import(require.resolve('@n8n/di', from))) as {
		Container: { get(type: unknown): LoggerLike };
	};
	const { Logger } = (await import(require.resolve('@n8n/backend-common', from))) as {
		Logger: unknown;
	};
	return Container.get(Logger);
}

export async function warnings(): Promise<{ messages(): string[]; restore(): void }> {
	const spy = jest.spyOn(await enginesLogger(), 'warn');
	return {
		messages: () => spy.mock.calls.map((call) => String(call[0])),
		restore: () => spy.mockRestore(),
	};
}
