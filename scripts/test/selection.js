// TEST_STAGES: runs only some stages of `npm test`, and in a jest stage only some files, e.g.
//   TEST_STAGES=lint,jest:test/harness,e2e:bare-n8n npm test
// A name alone runs the whole stage; `name:pattern` passes the pattern to jest as its test path
// pattern (a regular expression; `|` for several). A stage also runs the stages it needs (`after`:
// the end-to-end suite needs the build).
'use strict';

function selectionFromEnv(stages) {
	const value = process.env.TEST_STAGES?.trim();
	if (!value) return undefined;
	const names = stages.map((stage) => stage.name);
	const patterns = new Map();
	for (const entry of value
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)) {
		const colon = entry.indexOf(':');
		const name = colon < 0 ? entry : entry.slice(0, colon);
		if (!names.includes(name)) {
			process.stderr.write(`TEST_STAGES: no stage "${name}"; the stages are ${names.join(', ')}\n`);
			process.exit(2);
		}
		patterns.set(name, colon < 0 ? '' : entry.slice(colon + 1));
	}
	for (const stage of stages) {
		if (patterns.has(stage.name))
			for (const needed of stage.after ?? []) if (!patterns.has(needed)) patterns.set(needed, '');
	}
	return {
		has: (name) => patterns.has(name),
		filesOf: (name) => (patterns.get(name) ? [patterns.get(name)] : []),
		describe: () =>
			[...patterns].map(([name, pattern]) => (pattern ? `${name} (${pattern})` : name)).join(', '),
	};
}

module.exports = { selectionFromEnv };
