/** Index lists as ranges: [0, 1, 2, 5, 7, 8] -> "0-2, 5, 7-8". */
export function indexRanges(indexes: number[]): string {
	const parts: string[] = [];
	for (let start = 0; start < indexes.length; ) {
		let end = start;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		parts.push(start === end ? String(indexes[start]) : `${indexes[start]}-${indexes[end]}`);
		start = end + 1;
	}
	return parts.join(', ');
}

function where(flags: boolean[], wanted: boolean): number[] {
	const indexes: number[] = [];
	for (let index = 0; index < flags.length; index++)
		if (flags[index] === wanted) indexes.push(index);
	return indexes;
}

/**
 * What a per-item run that an error stopped had done: which items went through (sent, for a send)
 * and which never started. Empty when nothing went through.
 */
export function describeProgress(
	done: boolean[],
	started: boolean[],
	retryOnFail: boolean,
): string {
	const through = where(done, true);
	if (through.length === 0) return '';
	const notStarted = where(started, false).filter((index) => !done[index]);
	const total = done.length;
	const parts = [
		`Before this error stopped the node, ${through.length} of ${total} items had gone through (for a send operation: were sent): item${through.length === 1 ? '' : 's'} ${indexRanges(through)}. Their results are not in the output.`,
	];
	if (notStarted.length > 0)
		parts.push(
			`Not started: item${notStarted.length === 1 ? '' : 's'} ${indexRanges(notStarted)}.`,
		);
	parts.push(
		retryOnFail
			? 'A new try by Retry On Fail does not send them again.'
			: 'To keep their results and see each failing item, set the node\'s Settings > On Error to "Continue".',
	);
	return parts.join(' ');
}
