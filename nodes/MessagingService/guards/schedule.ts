/** Quiet Hours for mailings the service schedules (`schedule_time`, `d_schedule`): the time moved to the next allowed moment. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../base/validation';
import { serviceMomentAt, type ServiceMoment, type ServiceTimeFormat } from '../helpers/oneMoment';
import { adjustmentFields } from '../helpers/sendTime';
import { DO_NOT_SEND_TO } from './options';
import { doNotSendToSet, type SendingGuards } from './sendingGuards';

export interface QuietHoursSchedule {
	/** the time to send in the method's format, in the Service Time Zone, and its moment; undefined: at once */
	schedule?: ServiceMoment;
	/** what the output says when the time was moved */
	fields: IDataObject;
}

/**
 * When a mailing may go: `scheduled` (in the Service Time Zone; undefined: now) if the recipients'
 * clock in `zone` is then within Quiet Hours, else the next allowed moment, written so that it
 * names one moment (past a repeated hour, checked again against the hours).
 */
export function scheduleWithinQuietHours(
	guards: SendingGuards,
	scheduled: ServiceMoment | undefined,
	format: ServiceTimeFormat,
	zone: { zone: string; from: string },
	nowMs: number,
): QuietHoursSchedule {
	const serviceZone = guards.serviceZone;
	const asAsked = { schedule: scheduled, fields: adjustmentFields(scheduled) };
	if (!guards.hasQuietHours || serviceZone === undefined) return asAsked;
	const intendedMs = scheduled?.ms ?? nowMs;
	const allowedMs = guards.nextAllowedMs(intendedMs, zone.zone);
	if (allowedMs === intendedMs) return asAsked;
	const askedFor = [new Date(allowedMs).toISOString()];
	let moment = serviceMomentAt(allowedMs, serviceZone, format, askedFor);
	// a move past a repeated hour may leave the hours (a window that ends inside it): the next allowed moment again
	for (
		let tries = 0;
		tries < 3 && guards.nextAllowedMs(moment.ms, zone.zone) !== moment.ms;
		tries++
	) {
		const adjustment = moment.adjustment;
		moment = serviceMomentAt(
			guards.nextAllowedMs(moment.ms, zone.zone),
			serviceZone,
			format,
			askedFor,
		);
		if (!moment.adjustment && adjustment) {
			const note = `${adjustment.note.replace(/: scheduled at .*$/, '')}: that time is outside the recipient's hours, so scheduled at ${moment.text}, the next allowed time that names one moment`;
			moment = {
				...moment,
				adjustment: { ...adjustment, scheduledFor: new Date(moment.ms).toISOString(), note },
			};
		}
	}
	return {
		schedule: moment,
		fields: {
			deferredForQuietHours: true,
			sendAfter: new Date(moment.ms).toISOString(),
			timeZone: zone.zone,
			timeZoneFrom: zone.from,
			...adjustmentFields(moment),
		},
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
		"a list mailing cannot be filtered: the service holds its recipients and its API cannot read them. Remove these phones from the subscriber list on the service (or send with Send Batch to the list's phones), then remove this option",
		itemIndex,
	);
}
