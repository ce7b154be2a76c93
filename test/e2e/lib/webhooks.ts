/**
 * Waits until n8n listens at a workflow's production webhook URL. n8n 2.x publishes an activated
 * workflow a moment after /activate has answered (through its publication outbox, later when other
 * workflows are being published or unpublished), and a call that comes before finds no webhook
 * (404). The probe is a POST with an empty JSON body: anything but 404 means the webhook is there.
 */
export async function waitUntilListening(url: string, timeoutMs = 60000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const { status } = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		if (status !== 404) return;
		if (Date.now() > deadline)
			throw new Error(`n8n did not listen at ${url} within ${timeoutMs} ms of the activation`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
