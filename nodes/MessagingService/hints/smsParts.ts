import type { NodeHint } from 'n8n-workflow';

import { GSM7_BASIC, GSM7_EXTENSION } from '../smsText/gsm7';
import { GSM7_LOOKALIKES } from '../smsText/gsm7Lookalikes';
import { PART_SIZE, type SmsEncoding } from '../smsText/smsParts';

/*
 * A hint's message is fixed text and its condition an n8n expression over the node's parameters,
 * so the parts are counted in the expression (smsText/smsParts.ts's rule, written again in the
 * expression language) and there is one hint per count and encoding. The text is counted as the
 * condition sees the parameter; an expression's text is certain only when the node runs
 * (computedParts in the output), and a template's is not counted.
 */

/** A JavaScript string literal with its braces escaped: none can end the expression early. */
function literal(text: string): string {
	return JSON.stringify(text).replace(
		/[{}]/g,
		(brace) => `\\u${brace.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
}

const lookalikeFrom = Object.keys(GSM7_LOOKALIKES).join('');
const lookalikeTo = `[${Object.values(GSM7_LOOKALIKES).map(literal).join(', ')}]`;

/** The typed SMS text of the operations that send one, else "" */
const typedText =
	'const p = $parameter; ' +
	'if (p.resource !== "sms" || !["send", "sendToList", "createMessage", "sendBatch"].includes(p.operation)) return ""; ' +
	'const t = p.operation === "sendBatch" ? (p.messageType === "personal" ? "" : p.text) : (p.messageFrom === "template" ? "" : p.message); ' +
	'if (typeof t !== "string") return ""; ';

/** "<parts> <encoding>" of the typed text, as the node counts it (Prefer GSM-7 included), or "" */
const partsAndEncoding =
	'(() => { ' +
	typedText +
	`const basic = ${literal(GSM7_BASIC)}; const ext = ${literal(GSM7_EXTENSION)}; ` +
	'const isGsm = (c) => c.length === 1 && (basic.includes(c) || ext.includes(c)); ' +
	`let chars = Array.from(t); ` +
	`if (p.options && p.options.preferGsm7 === true) { const from = ${literal(lookalikeFrom)}; const to = ${lookalikeTo}; ` +
	'const swapped = Array.from(chars.map((c) => (from.includes(c) ? to[from.indexOf(c)] : c)).join("")); ' +
	'if (swapped.every(isGsm)) chars = swapped; ' +
	'} ' +
	'const gsm = chars.every(isGsm); ' +
	'const sizes = chars.map((c) => (gsm ? (ext.includes(c) ? 2 : 1) : c.length)); ' +
	`const single = gsm ? ${PART_SIZE['GSM-7'].single} : ${PART_SIZE['UCS-2'].single}; const split = gsm ? ${PART_SIZE['GSM-7'].split} : ${PART_SIZE['UCS-2'].split}; ` +
	'let parts = 1; ' +
	'if (sizes.reduce((a, b) => a + b, 0) > single) { let free = split; for (const size of sizes) { if (size > free) { parts += 1; free = split; } free -= size; } } ' +
	'return parts + " " + (gsm ? "GSM-7" : "UCS-2"); ' +
	'})()';

/** Beyond it one hint says "More than": each counted size is one more copy of the expression in the description */
const MAX_COUNTED = 4;

function partsHint(parts: number, encoding: SmsEncoding): NodeHint {
	const counted =
		parts > MAX_COUNTED
			? `((r) => Number(r.split(" ")[0]) > ${MAX_COUNTED} && r.endsWith("${encoding}"))(${partsAndEncoding})`
			: `${partsAndEncoding} === "${parts} ${encoding}"`;
	const perPart = PART_SIZE[encoding].split;
	return {
		message: `${parts > MAX_COUNTED ? `More than ${MAX_COUNTED}` : parts} parts, ${encoding} (${perPart} characters per part): the service bills this text as that many SMS per recipient.${encoding === 'UCS-2' ? ' A single character outside GSM-7 makes the whole text UCS-2; the output names it (ucs2Characters).' : ''}`,
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'always',
		displayCondition: `={{ ${counted} }}`,
	};
}

/** The look-alikes typed most often, each with a hint of its own */
const NAMED_LOOKALIKES: Array<[string, string]> = [
	['\u2019', '’ (typographic apostrophe)'],
	['\u2018', '‘ (opening quotation mark)'],
	['\u201C', '“ (opening double quotation mark)'],
	['\u201D', '” (closing double quotation mark)'],
	['\u2013', '– (en dash)'],
	['\u2014', '— (em dash)'],
	['\u2026', '… (ellipsis)'],
	['\u00A0', 'a no-break space'],
];

function lookalikeHint([char, name]: [string, string]): NodeHint {
	const replacement = GSM7_LOOKALIKES[char] === ' ' ? 'a space' : GSM7_LOOKALIKES[char];
	return {
		message: `UCS-2 because of ${name}: each SMS part holds 70 characters (67 when split) instead of 160 (153). Options > Prefer GSM-7 sends ${replacement} instead.`,
		type: 'warning',
		location: 'outputPane',
		whenToDisplay: 'always',
		displayCondition: `={{ (() => { ${typedText}return !(p.options && p.options.preferGsm7 === true) && t.includes(${literal(char)}); })() }}`,
	};
}

export const smsPartsEditorHints: NodeHint[] = [
	...NAMED_LOOKALIKES.map(lookalikeHint),
	...(['GSM-7', 'UCS-2'] as const).flatMap((encoding) =>
		Array.from({ length: MAX_COUNTED }, (_, index) => partsHint(index + 2, encoding)),
	),
];
