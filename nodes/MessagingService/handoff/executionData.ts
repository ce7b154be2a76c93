/**
 * Channel 2 of a handoff change (docs/chatbot.md, Handoff): the execution that made it carries it
 * to the Chat Trigger that started it. The action writes it into the execution's custom data; the
 * trigger reads it there and in the run data (the output items) when the execution ends.
 */
import type { IDataObject, IExecuteFunctions, IRun } from 'n8n-workflow';

import { CUSTOM_DATA_VALUE_MAX, customDataOf, jsonArrayOf } from '../base/customData';
import { CHANGE_FIELD, handoffChangeOf, type HandoffChange } from './change';

/**
 * In queue mode n8n hands the trigger's done promise the finished execution without its run data
 * (workflow-runner.ts, enqueueExecution: `runData: {}` from the worker's job result), but with its
 * custom data (`resultData.metadata`, which the worker sends back). So each change is also written
 * there, under one key: the changes of the execution, newest last, as compact JSON of at most
 * CUSTOM_DATA_VALUE_MAX characters; older ones that do not fit are dropped.
 */
export const HANDOFF_CUSTOM_DATA_KEY = 'messagingServiceHandoff';
/** a change with its reason cut to this fits CUSTOM_DATA_VALUE_MAX */
const REASON_KEPT = 80;

type CompactChange = [
	id: string,
	phone: string,
	to: 'p' | 'b',
	at: number,
	untilMs?: number | null,
	silenceMs?: number,
	reason?: string,
];

function compact(change: HandoffChange): CompactChange {
	if (change.to === 'bot') return [change.id, change.phone, 'b', change.at];
	return [
		change.id,
		change.phone,
		'p',
		change.at,
		change.untilMs ?? null,
		change.silenceMs ?? 0,
		(change.reason ?? '').slice(0, REASON_KEPT),
	];
}

function expand(raw: unknown): HandoffChange | undefined {
	if (!Array.isArray(raw)) return undefined;
	const [id, phone, to, at, untilMs, silenceMs, reason] = raw as unknown[];
	return handoffChangeOf({
		[CHANGE_FIELD]: {
			id,
			phone,
			to: to === 'p' ? 'person' : to === 'b' ? 'bot' : undefined,
			at,
			untilMs: untilMs ?? undefined,
			silenceMs,
			reason,
		},
	} as IDataObject);
}

/** The custom data value with `change` added (older changes dropped while it is too long). */
export function handoffCustomDataValue(
	previous: string | undefined,
	change: HandoffChange,
): string {
	const changes = [
		...handoffChangesOfCustomData({ [HANDOFF_CUSTOM_DATA_KEY]: previous ?? '' }).filter(
			({ id }) => id !== change.id,
		),
		change,
	].map(compact);
	while (changes.length > 1 && JSON.stringify(changes).length > CUSTOM_DATA_VALUE_MAX)
		changes.shift();
	return JSON.stringify(changes);
}

/** The changes an execution's custom data carries (`IRun.data.resultData.metadata`). */
export function handoffChangesOfCustomData(
	metadata: Record<string, unknown> | undefined,
): HandoffChange[] {
	return jsonArrayOf(metadata?.[HANDOFF_CUSTOM_DATA_KEY])
		.map(expand)
		.filter((change): change is HandoffChange => change !== undefined);
}

// ---------------------------------------------------------------- the action's side

/** Writes the change into the execution's custom data, for the trigger's done promise (channel 2); false when n8n offers none. */
export function recordHandoffInExecution(
	context: IExecuteFunctions,
	itemIndex: number,
	change: HandoffChange,
): boolean {
	const customData = customDataOf(context, itemIndex);
	if (!customData) return false;
	try {
		const previous = customData.get(HANDOFF_CUSTOM_DATA_KEY);
		customData.set(HANDOFF_CUSTOM_DATA_KEY, handoffCustomDataValue(previous, change));
		return customData.get(HANDOFF_CUSTOM_DATA_KEY) !== undefined;
	} catch {
		return false;
	}
}

// ---------------------------------------------------------------- the trigger's side

/** The changes one item carries: its own json, or, from a tool's `ai_tool` output, its `response`. */
function changesOfJson(json: IDataObject): HandoffChange[] {
	const own = handoffChangeOf(json);
	if (own) return [own];
	const response = json.response;
	const inner = Array.isArray(response)
		? response
		: response && typeof response === 'object'
			? [response]
			: [];
	return inner.flatMap((value) =>
		value && typeof value === 'object'
			? [handoffChangeOf(value as IDataObject)].filter(
					(change): change is HandoffChange => change !== undefined,
				)
			: [],
	);
}

/** Every change record a finished execution carries: in its custom data (queue mode) and in its run data (every node, every connection type). */
export function changesOfRun(run: IRun | undefined): HandoffChange[] {
	const result = run?.data?.resultData;
	if (!result) return [];
	const changes = handoffChangesOfCustomData(result.metadata);
	for (const tasks of Object.values(result.runData ?? {})) {
		for (const task of tasks ?? []) {
			for (const outputs of Object.values(task?.data ?? {})) {
				for (const items of outputs ?? [])
					for (const item of items ?? []) if (item?.json) changes.push(...changesOfJson(item.json));
			}
		}
	}
	return changes;
}
