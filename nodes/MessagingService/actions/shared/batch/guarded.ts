/** A batch's recipients after Quiet Hours: grouped by when each may get the mailing. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ServiceMoment } from '../../../helpers/oneMoment';
import { adjustmentFields } from '../../../helpers/sendTime';
import type { ExecutionTools } from '../../types';
import { scheduleWithinQuietHours } from '../../../guards/schedule';
import type { SendingGuards, ZoneSource } from '../../../guards/sendingGuards';

export interface GroupedRecipient {
	/** the recipient's time zone, when Quiet Hours are on */
	zone?: { zone: string; from: ZoneSource };
}

export interface ScheduleGroup<R> {
	recipients: R[];
	/** `schedule_time` of its mailings and the one moment it names (undefined: at once) */
	schedule?: ServiceMoment;
	/** what its mailings' outputs say of the guards */
	fields: IDataObject;
}

const DECISION_KEY = 'quietHoursDecidedAt';

/**
 * The moment Quiet Hours are decided for. Under n8n's Retry On Fail the first try's is kept, so
 * that a later try groups the recipients as it did and sends no chunk twice (see ItemLedger).
 */
export function decisionTime(context: IExecuteFunctions, tools: ExecutionTools): number {
	const earlier = tools.ledger.earlier(context, DECISION_KEY, 0);
	if (earlier && 'records' in earlier && typeof earlier.records[0]?.nowMs === 'number')
		return earlier.records[0].nowMs;
	const nowMs = Date.now();
	tools.ledger.recordSent(DECISION_KEY, [{ nowMs }]);
	return nowMs;
}

/**
 * Recipients whose clock allows the mailing at `scheduled` (or now) stay in one group with it;
 * the others go into groups by the next moment their clock allows, each scheduled for it. Groups
 * are the moments (never the texts: a text in a repeated hour names two), in their order;
 * recipients keep their order within a group.
 */
export function groupByQuietHours<R extends GroupedRecipient>(
	guards: SendingGuards,
	recipients: R[],
	scheduled: ServiceMoment | undefined,
	nowMs: number,
): Array<ScheduleGroup<R>> {
	const sentFields: IDataObject = guards.active ? { sent: true } : {};
	if (!guards.hasQuietHours)
		return [
			{
				recipients,
				schedule: scheduled,
				fields: { ...sentFields, ...adjustmentFields(scheduled) },
			},
		];
	const byZone = new Map<string, ScheduleGroup<R>>();
	const byMoment = new Map<number | undefined, ScheduleGroup<R>>();
	for (const recipient of recipients) {
		const zone = recipient.zone!;
		let group = byZone.get(zone.zone);
		if (!group) {
			const quiet = scheduleWithinQuietHours(guards, scheduled, 'YYYY-MM-DDTHH:mm:ss', zone, nowMs);
			const key = quiet.schedule?.ms;
			group = byMoment.get(key);
			if (!group) {
				const fields: IDataObject = { ...sentFields, ...adjustmentFields(quiet.schedule) };
				if (quiet.fields.deferredForQuietHours === true) {
					fields.deferredForQuietHours = true;
					fields.scheduleTime = quiet.schedule?.text;
					fields.sendAfter = quiet.fields.sendAfter;
					fields.timeZones = [];
				}
				group = { recipients: [], schedule: quiet.schedule, fields };
				byMoment.set(key, group);
			} else {
				mergeAskedFor(group.fields, quiet.fields);
			}
			if (Array.isArray(group.fields.timeZones))
				(group.fields.timeZones as string[]).push(zone.zone);
			byZone.set(zone.zone, group);
		}
		group.recipients.push(recipient);
	}
	return [...byMoment.values()].sort(
		(a, b) => (a.schedule?.ms ?? -Infinity) - (b.schedule?.ms ?? -Infinity),
	);
}

/** Two zones whose different moments were both moved to one past a repeated hour: the group says both. */
function mergeAskedFor(groupFields: IDataObject, fields: IDataObject): void {
	const into = groupFields.scheduleAdjusted as { askedFor: string[] } | undefined;
	const from = fields.scheduleAdjusted as { askedFor: string[] } | undefined;
	if (!into || !from) return;
	into.askedFor = [...new Set([...into.askedFor, ...from.askedFor])].sort();
}
