/** The figures the suite prints once, at its end. */
export const figures = {
	matrix: {
		faults: new Set<string>(),
		operations: new Set<string>(),
		itemCounts: new Set<number>(),
		/** fault x operation x item count cells run */
		cases: 0,
		/** node runs and trigger polls made by the matrix */
		runs: 0,
		/** items (or replies) whose outcome was checked */
		items: 0,
		successes: 0,
		errorOutputs: 0,
		/** items of a run that stopped with an execution error (without Continue On Fail) */
		stopped: 0,
		executionErrors: 0,
	},
	messages: { checked: 0, lost: 0, doubled: 0 },
	replies: { checked: 0, missed: 0, duplicated: 0, redelivered: 0 },
	records: { checked: 0, missing: 0, duplicated: 0 },
	templates: { checked: 0, lost: 0, doubled: 0 },
	badInputs: { cases: 0, withKeyAsValue: 0, byResource: {} as Record<string, number> },
	keyLeak: {
		operations: 0,
		runs: 0,
		formBodyRequests: 0,
		requestsChecked: 0,
		forms: 0,
		prefixLength: 0,
	},
	baseUrl: { cases: 0 },
	trigger: { scenarios: 0, polls: 0 },
	bounded: {
		slow: { cases: 0, longestMs: 0 },
		paging: { cases: 0, requests: 0, mostRequests: 0, records: 0, clearErrors: 0 },
		answers: { cases: 0, unknown: 0, refused: 0 },
		retryAfter: { cases: 0 },
		retryOnFail: { runs: 0 },
		batch: { cases: 0 },
	},
};

export function summaryText(
	keyHits: number,
	knownKeyHits: number,
	scans: number,
	logWrites: number,
): string {
	const m = figures.matrix;
	const b = figures.bounded;
	const resources = Object.entries(figures.badInputs.byResource)
		.map(([resource, count]) => `${resource} ${count}`)
		.join(', ');
	return [
		'Reliability and security, proven (test/reliability)',
		`  fault matrix: ${m.faults.size} faults x ${m.operations.size} operations x ${m.itemCounts.size} item counts = ${m.cases} cases run (${m.runs} node runs and polls, ${m.items} items checked: ${m.successes} succeeded, ${m.errorOutputs} error outputs naming the cause, ${m.stopped} in runs stopped by ${m.executionErrors} clear execution errors)`,
		`    faults: ${[...m.faults].join(', ')}; operations: ${[...m.operations].join(', ')}; items: ${[...m.itemCounts].join(' and ')}`,
		`  messages: ${figures.messages.checked} checked, lost ${figures.messages.lost}, doubled ${figures.messages.doubled}`,
		`  trigger replies: ${figures.replies.checked} checked, missed ${figures.replies.missed}, duplicated ${figures.replies.duplicated}, emitted again flagged redelivered ${figures.replies.redelivered}`,
		`  listed records (Return All across pages): ${figures.records.checked} checked, missing ${figures.records.missing}, duplicated ${figures.records.duplicated}`,
		`  templates created and deleted under faults: ${figures.templates.checked} checked, lost ${figures.templates.lost}, doubled ${figures.templates.doubled}`,
		`  bad inputs tried: ${figures.badInputs.cases} (${resources}), of which ${figures.badInputs.withKeyAsValue} with the API key typed into a field`,
		`  API key: ${figures.keyLeak.operations} operations run under every fault (${figures.keyLeak.runs} runs), ${scans} values and ${logWrites} log writes (console, stdout/stderr, n8n's winston logger) searched for the key in 8 encodings (as typed, URL-, form- and double-encoded, JSON-escaped, base64, unpadded base64, base64url: ${figures.keyLeak.forms} distinct strings for the test key), inside any base64 text, and cut to any ${figures.keyLeak.prefixLength}+ first characters: key hits ${keyHits} (plus ${knownKeyHits} in what n8n keeps of an error's cause when the key was typed into a field)`,
		`  key never in a URL for form-body methods: ${figures.keyLeak.formBodyRequests} form-body requests of ${figures.keyLeak.requestsChecked} logged requests checked`,
		`  base URL cases: ${figures.baseUrl.cases}; trigger fault scenarios: ${figures.trigger.scenarios} (${figures.trigger.polls} polls)`,
		`  slow answers (a byte now and then), Timeout 1 s: ${b.slow.cases} sends and reads, the longest ended after ${(b.slow.longestMs / 1000).toFixed(1)} s`,
		`  paging faults (ignored offset, capped and ignored page size, repeated records): ${b.paging.cases} cases, ${b.paging.records} records all read once, ${b.paging.clearErrors} clear errors, at most ${b.paging.mostRequests} requests per case`,
		`  unclear answers to a send: ${b.answers.cases} kinds, ${b.answers.unknown} said "may have been sent", ${b.answers.refused} clear refusals said "refused", none sent twice`,
		`  Retry-After past, 86400 s and a date a day ahead: ${b.retryAfter.cases} cases, none slept more than 5 minutes; Retry On Fail (3 tries, failure at request 5 of 10, Concurrency 1 and 10): ${b.retryOnFail.runs} runs, messages doubled ${figures.messages.doubled}`,
		`  JSON Send Batch with a bad second item: ${b.batch.cases} case, nothing sent`,
	].join('\n');
}
