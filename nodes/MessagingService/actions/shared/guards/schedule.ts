/** Quiet Hours for mailings the service schedules (`schedule_time`, `d_schedule`): the time moved to the next allowed moment. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { instantOfWallTime, parseWallTime } from '../../../base/serviceTime';
import { invalidField } from '../../../base/validation';
import { toServiceTime, type ServiceTimeFormat } from '../../../helpers/dates';
import { DO_NOT_SEND_TO } from './options';
import { doNotSendToSet, type SendingGuards } from './sendingGuards';

/** The instant a service time (either format, no zone) stands for in the Service Time Zone. */
export function instantOfServiceTime(text: string, serviceZone: string): number | undefined {
	const wall = parseWallTime(text);
	return wall && instantOfWallTime(wall, serviceZone).getTime();
}

export interface QuietHoursSchedule {
	/** the time to send in the method's format, in the Service Time Zone; undefined: at once */
	schedule?: string;
	/** what the output says when the time was moved */
	fields: IDataObject;
}

/**
 * When a mailing may go: `scheduled` (in the Service Time Zone; undefined: now) if the recipients'
 * clock in `zone` is then within Quiet Hours, else the next allowed moment.
 */
export function scheduleWithinQuietHours(
	guards: SendingGuards,
	scheduled: string | undefined,
	format: ServiceTimeFormat,
	zone: { zone: string; from: string },
	nowMs: number,
): QuietHoursSchedule {
	const serviceZone = guards.serviceZone;
	if (!guards.hasQuietHours || serviceZone === undefined) return { schedule: scheduled, fields: {} };
	const intendedMs = (scheduled !== undefined ? instantOfServiceTime(scheduled, serviceZone) : undefined) ?? nowMs;
	const allowedMs = guards.nextAllowedMs(intendedMs, zone.zone);
	if (allowedMs === intendedMs) return { schedule: scheduled, fields: {} };
	return {
		schedule: toServiceTime(new Date(allowedMs), format, serviceZone, serviceZone),
		fields: { deferredForQuietHours: true, sendAfter: new Date(allowedMs).toISOString(), timeZone: zone.zone, timeZoneFrom: zone.from },
	};
}

/**
 * A list mailing cannot be filtered (the service holds its recipients and no method reads them):
 * with Do Not Send To set it is refused, so that nobody believes it was filtered.
 */
export function refuseDoNotSendToForList(context: IExecuteFunctions, itemIndex: number): void {
	if (!doNotSendToSet(context)) return;
	throw invalidField(
		context.getNode(),
		DO_NOT_SEND_TO,
		context.getNodeParameter('options.doNotSendTo', itemIndex, ''),
		'a list mailing cannot be filtered: the service holds its recipients and its API cannot read them. Remove these phones from the subscriber list on the service (or send with Send Batch to the list\'s phones), then remove this option',
		itemIndex,
	);
}
