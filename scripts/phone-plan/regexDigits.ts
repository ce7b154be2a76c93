/**
 * Reads the small regular expressions of libphonenumber's metadata (national number patterns,
 * national prefixes for parsing) far enough to say which digits a number can start with, and
 * which literal prefixes an expression stands for. Groups, alternation, classes, \d, literal
 * digits and the quantifiers ?, *, + and {n,m}: all the metadata uses.
 */
type Node =
	| { kind: 'set'; digits: Set<string> }
	| { kind: 'alt'; options: Node[][] }
	| { kind: 'repeat'; node: Node; min: number; max: number };

const ALL = '0123456789';

function parseClass(source: string, at: number): [Set<string>, number] {
	const digits = new Set<string>();
	let index = at + 1;
	while (source[index] !== ']') {
		if (source.startsWith('\\d', index)) {
			for (const digit of ALL) digits.add(digit);
			index += 2;
		} else if (source[index + 1] === '-' && source[index + 2] !== ']') {
			for (let code = source.charCodeAt(index); code <= source.charCodeAt(index + 2); code++)
				digits.add(String.fromCharCode(code));
			index += 3;
		} else {
			digits.add(source[index]);
			index += 1;
		}
	}
	return [digits, index + 1];
}

function parseAlternation(source: string, at: number): [Node[][], number] {
	const options: Node[][] = [[]];
	let index = at;
	while (index < source.length && source[index] !== ')') {
		const char = source[index];
		let node: Node;
		if (char === '|') {
			options.push([]);
			index += 1;
			continue;
		} else if (char === '(') {
			const start = source.startsWith('(?:', index) ? index + 3 : index + 1;
			const [inner, end] = parseAlternation(source, start);
			node = { kind: 'alt', options: inner };
			index = end + 1;
		} else if (char === '[') {
			const [digits, end] = parseClass(source, index);
			node = { kind: 'set', digits };
			index = end;
		} else if (source.startsWith('\\d', index)) {
			node = { kind: 'set', digits: new Set(ALL) };
			index += 2;
		} else if (/\d/.test(char)) {
			node = { kind: 'set', digits: new Set([char]) };
			index += 1;
		} else {
			throw new Error(`unexpected "${char}" at ${index} in ${source}`);
		}
		const quantifier = /^(?:\?|\*|\+|\{(\d+)(?:(,)(\d*))?\})/.exec(source.slice(index));
		if (quantifier) {
			const [text, min, comma, max] = quantifier;
			const bounds: Record<string, [number, number]> = {
				'?': [0, 1],
				'*': [0, Infinity],
				'+': [1, Infinity],
			};
			const [low, high] = bounds[text] ?? [
				Number(min),
				comma ? (max === '' ? Infinity : Number(max)) : Number(min),
			];
			node = { kind: 'repeat', node, min: low, max: high };
			index += text.length;
		}
		options[options.length - 1].push(node);
	}
	return [options, index];
}

function parse(source: string): Node[][] {
	const [options, end] = parseAlternation(source, 0);
	if (end !== source.length) throw new Error(`unbalanced ) in ${source}`);
	return options;
}

function nullable(node: Node): boolean {
	if (node.kind === 'set') return false;
	if (node.kind === 'repeat') return node.min === 0 || nullable(node.node);
	return node.options.some((sequence) => sequence.every(nullable));
}

function firstOf(node: Node, into: Set<string>): void {
	if (node.kind === 'set') for (const digit of node.digits) into.add(digit);
	else if (node.kind === 'repeat') firstOf(node.node, into);
	else for (const sequence of node.options) firstOfSequence(sequence, into);
}

function firstOfSequence(sequence: Node[], into: Set<string>): void {
	for (const node of sequence) {
		firstOf(node, into);
		if (!nullable(node)) return;
	}
}

/** The digits a string the whole pattern matches can start with. */
export function firstDigits(pattern: string): string {
	const digits = new Set<string>();
	firstOfSequence([{ kind: 'alt', options: parse(pattern) }], digits);
	return [...digits].sort().join('');
}

function expand(node: Node, limit: number): string[] | undefined {
	if (node.kind === 'set') return node.digits.size <= limit ? [...node.digits] : undefined;
	if (node.kind === 'repeat') {
		if (node.max === Infinity || node.max > 3) return undefined;
		const inner = expand(node.node, limit);
		if (!inner) return undefined;
		let results: string[] = node.min === 0 ? [''] : [];
		let current = [''];
		for (let count = 1; count <= node.max; count++) {
			current = current.flatMap((prefix) => inner.map((piece) => prefix + piece));
			if (count >= node.min) results = results.concat(current);
			if (results.length > limit) return undefined;
		}
		return results;
	}
	let results: string[] = [];
	for (const sequence of node.options) {
		let strings = [''];
		for (const part of sequence) {
			const pieces = expand(part, limit);
			if (!pieces) return undefined;
			strings = strings.flatMap((prefix) => pieces.map((piece) => prefix + piece));
			if (strings.length > limit) return undefined;
		}
		results = results.concat(strings);
	}
	return results.length > limit ? undefined : results;
}

/** The literal strings a small pattern matches (at most `limit`), or undefined when it matches more. */
export function literalsOf(pattern: string, limit = 12): string[] | undefined {
	try {
		return expand({ kind: 'alt', options: parse(pattern) }, limit);
	} catch {
		return undefined;
	}
}

function lengthRange(node: Node): [number, number] {
	if (node.kind === 'set') return [1, 1];
	if (node.kind === 'repeat') {
		const [low, high] = lengthRange(node.node);
		return [low * node.min, high * node.max];
	}
	const ranges = node.options.map(sequenceRange);
	return [Math.min(...ranges.map(([low]) => low)), Math.max(...ranges.map(([, high]) => high))];
}

function sequenceRange(sequence: Node[]): [number, number] {
	return sequence.reduce<[number, number]>(
		([low, high], node) => {
			const [nodeLow, nodeHigh] = lengthRange(node);
			return [low + nodeLow, high + nodeHigh];
		},
		[0, 0],
	);
}

/** The top-level alternatives of a national number pattern: the digits each starts with and its lengths. */
export function branchesOf(pattern: string): Array<{ first: string; min: number; max: number }> {
	return parse(pattern).map((sequence) => {
		const digits = new Set<string>();
		firstOfSequence(sequence, digits);
		const [min, max] = sequenceRange(sequence);
		return { first: [...digits].sort().join(''), min, max };
	});
}
