/**
 * The sending guards of one run: Do Not Send To and Quiet Hours, read once per run (the list may
 * hold thousands of phones, the expression that gives it may read a whole Data table) and asked
 * per recipient. A run is one `IExecuteFunctions`: n8n makes one per run of the node.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { isTimeZone } from '../base/serviceTime';
import { invalidField } from '../base/validation';
import { zoneOfPhone } from './countryZones';
import { nextAllowedMs, parseAllowedHours, type AllowedHours } from './quietHours';
import { serviceZone } from '../helpers/serviceZone';
import { defaultCountryOf } from '../helpers/phone';
import { readSuppressionList } from './suppressionList';
import { DO_NOT_SEND_TO, GUARD_OPTION_NAMES, QUIET_HOURS, RECIPIENT_TIME_ZONE } from './options';
import { guardsOfRun } from './processMemory';

/** Where the recipient's time zone came from. */
export type ZoneSource = 'recipientTimeZone' | 'country' | 'serviceTimeZone';

export interface Refusal {
	field: string;
	value: unknown;
	rule: string;
}

export interface Settings {
	suppressed?: Set<string>;
	ignoreSuppression: boolean;
	hours?: AllowedHours;
	zoneGiven: boolean;
	serviceZone?: string;
}

function rawOptions(context: IExecuteFunctions): IDataObject {
	const options = context.getNode().parameters.options;
	return isObject(options) ? options : {};
}

const has = (options: IDataObject, name: string) =>
	options[name] !== undefined && options[name] !== '';

async function readSettings(context: IExecuteFunctions): Promise<Settings | Refusal> {
	const raw = rawOptions(context);
	const settings: Settings = {
		ignoreSuppression: context.getNodeParameter('options.ignoreDoNotSendTo', 0, false) === true,
		zoneGiven: has(raw, 'recipientTimeZone'),
	};
	if (has(raw, 'doNotSendTo')) {
		const value = context.getNodeParameter('options.doNotSendTo', 0, '');
		const fieldValue = context.getNodeParameter('options.doNotSendToField', 0, 'phone');
		const field =
			typeof fieldValue === 'string' && fieldValue.trim() !== '' ? fieldValue.trim() : 'phone';
		const list = readSuppressionList(value, field, defaultCountryOf(context, 0));
		if ('problem' in list) return { field: DO_NOT_SEND_TO, value, rule: list.problem };
		settings.suppressed = list.phones;
	}
	if (raw.quietHours !== undefined) {
		const value = context.getNodeParameter('options.quietHours', 0, '');
		const hours = parseAllowedHours(typeof value === 'string' ? value : '');
		if ('problem' in hours) return { field: QUIET_HOURS, value, rule: hours.problem };
		settings.hours = hours;
		settings.serviceZone = await serviceZone(context, 0);
	}
	return settings;
}

/** What the guards decided for one recipient that is not sent now, as its output item says it. */
export interface NotSent extends IDataObject {
	sent: false;
	reason: 'doNotSendTo' | 'quietHours';
	phone?: string;
}

export class SendingGuards {
	private constructor(private readonly settings: Settings) {}

	/** The guards of this run, read at the first call (a setting that cannot be read refuses `itemIndex`). */
	static async of(context: IExecuteFunctions, itemIndex: number): Promise<SendingGuards> {
		let reading = guardsOfRun.get(context);
		if (!reading) {
			reading = readSettings(context);
			guardsOfRun.set(context, reading);
		}
		const settings = await reading;
		if ('rule' in settings)
			throw invalidField(
				context.getNode(),
				settings.field,
				settings.value,
				settings.rule,
				itemIndex,
			);
		return new SendingGuards(settings);
	}

	/** Whether any guard is on: the outputs then say `sent`. */
	get active(): boolean {
		return this.settings.suppressed !== undefined || this.settings.hours !== undefined;
	}

	get hasQuietHours(): boolean {
		return this.settings.hours !== undefined;
	}

	get hasDoNotSendTo(): boolean {
		return this.settings.suppressed !== undefined;
	}

	/** Whether the phone (normalised) is on the list and the list applies. */
	isSuppressed(phone: string): boolean {
		return !this.settings.ignoreSuppression && this.settings.suppressed?.has(phone) === true;
	}

	/** Whether the phone is on a list that Send Codes Despite Do Not Send To set aside. */
	isBypassed(phone: string): boolean {
		return this.settings.ignoreSuppression && this.settings.suppressed?.has(phone) === true;
	}

	/** The recipient's time zone: given for the item, else the phone's country's, else the Service Time Zone. */
	zoneOf(
		context: IExecuteFunctions,
		itemIndex: number,
		phone?: string,
	): { zone: string; from: ZoneSource } {
		if (this.settings.zoneGiven) {
			const value = context.getNodeParameter('options.recipientTimeZone', itemIndex, '');
			const zone = typeof value === 'string' ? value.trim() : '';
			if (zone !== '') {
				if (!isTimeZone(zone)) {
					throw invalidField(
						context.getNode(),
						RECIPIENT_TIME_ZONE,
						value,
						'it must be an IANA time zone name, e.g. Europe/Berlin, Asia/Kolkata or America/St_Johns',
						itemIndex,
					);
				}
				return { zone, from: 'recipientTimeZone' };
			}
		}
		const country = phone === undefined ? undefined : zoneOfPhone(phone).zone;
		if (country !== undefined) return { zone: country, from: 'country' };
		return { zone: this.settings.serviceZone ?? 'UTC', from: 'serviceTimeZone' };
	}

	/** The first moment at or after `atMs` at which a message may arrive in `zone` (`atMs` without Quiet Hours). */
	nextAllowedMs(atMs: number, zone: string): number {
		return this.settings.hours ? nextAllowedMs(atMs, zone, this.settings.hours) : atMs;
	}

	/** The Service Time Zone (read only with Quiet Hours on), in which scheduled times are written. */
	get serviceZone(): string | undefined {
		return this.settings.serviceZone;
	}

	/**
	 * A single message to `phone` now: undefined when it may go, else what its item outputs
	 * instead (on the Do Not Send To list; outside Quiet Hours, with `sendAfter`).
	 */
	check(
		context: IExecuteFunctions,
		itemIndex: number,
		phone: string,
		nowMs = Date.now(),
	): NotSent | undefined {
		if (this.isSuppressed(phone)) return { sent: false, reason: 'doNotSendTo', phone };
		if (!this.settings.hours) return undefined;
		const { zone, from } = this.zoneOf(context, itemIndex, phone);
		const allowedMs = this.nextAllowedMs(nowMs, zone);
		if (allowedMs === nowMs) return undefined;
		return {
			sent: false,
			reason: 'quietHours',
			phone,
			sendAfter: new Date(allowedMs).toISOString(),
			timeZone: zone,
			timeZoneFrom: from,
		};
	}

	/** Fields the output of a message that went out carries beside the service's answer. */
	sentFields(phone: string): IDataObject {
		if (this.isBypassed(phone)) return { sent: true, onDoNotSendTo: true };
		return this.active ? { sent: true } : {};
	}
}

/**
 * An item's options without the guards' (read once per run by SendingGuards): reading the whole
 * collection per item would evaluate the Do Not Send To expression for every item.
 */
export function itemOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const raw = rawOptions(context);
	const names = Object.keys(raw);
	if (!names.some((name) => GUARD_OPTION_NAMES.has(name)))
		return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const options: IDataObject = {};
	for (const name of names) {
		if (!GUARD_OPTION_NAMES.has(name))
			options[name] = context.getNodeParameter(`options.${name}`, itemIndex) as IDataObject[string];
	}
	return options;
}

/** Whether Do Not Send To is set (a list mailing, which cannot be filtered, is then refused). */
export function doNotSendToSet(context: IExecuteFunctions): boolean {
	return has(rawOptions(context), 'doNotSendTo');
}
