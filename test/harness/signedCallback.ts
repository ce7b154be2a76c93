/**
 * What Send Batch sends as `callback_url` for request `chunk` of `chunks`: the URL given, with
 * the run's reference, the chunk numbers and the signature appended to its query (the
 * signature itself is checked by the Callback Trigger's tests).
 */
export function signedCallback(url: string, chunk: number, chunks: number) {
	const escaped = url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
	return expect.stringMatching(
		new RegExp(
			`^${escaped}\\?ref=[A-Za-z0-9_-]{16}&chunk=${chunk}&chunks=${chunks}&sig=[A-Za-z0-9_-]{43}$`,
		),
	);
}
