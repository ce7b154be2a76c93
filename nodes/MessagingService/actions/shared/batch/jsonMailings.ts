/** Mailings given as JSON, checked against the spec before anything is sent. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { asId, ID_RULE } from '../../../helpers/fields';
import { phoneOfItem } from '../../../helpers/phone';
import { firstMalformedText, UNICODE_RULE } from '../../../base/unicode';
import { invalidField } from '../../../base/validation';
import type { BatchChannel, DeliveryEntry } from './channel';
import { isObject } from '../../../base/guards';
import { parseWallTime } from '../../../base/serviceTime';
import { wallTimeProblem } from '../../../helpers/oneMoment';

const BATCH_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

function isBatchTime(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	const match = BATCH_TIME.exec(value);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
	return (
		date.getUTCFullYear() === year &&
		date.getUTCMonth() === month - 1 &&
		date.getUTCDate() === day &&
		hour < 24 &&
		minute < 60 &&
		second < 60
	);
}

/**
 * Checks the mailings given as JSON against the spec and returns them ready to send (phones
 * normalised, ids as digit strings); throws a field error naming the mailing and member. A
 * `schedule_time` is the service's own text, in the Service Time Zone `serviceZone`: one that
 * names two moments there, or none, is refused (which was meant cannot be known).
 */
export function checkJsonMailings(
	context: IExecuteFunctions,
	raw: unknown,
	channel: BatchChannel,
	itemIndex: number,
	serviceZone: string,
): IDataObject[] {
	const label = 'Mailings (JSON)';
	const fail = (value: unknown, rule: string) =>
		invalidField(context.getNode(), label, value, rule, itemIndex);

	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = jsonParse(raw);
		} catch {
			throw fail(
				raw,
				'it is not valid JSON; give an array of mailings, e.g. [{"name": "...", ...}]',
			);
		}
	}
	if (isObject(parsed) && Array.isArray(parsed.messages)) parsed = parsed.messages;
	if (!Array.isArray(parsed))
		throw fail(raw, 'it must be an array of mailings (the "messages" of the request)');
	if (parsed.length === 0) throw fail(raw, 'give at least one mailing');

	return parsed.map((mailing: unknown, index): IDataObject => {
		const where = `mailing ${index + 1} (messages[${index}])`;
		if (!isObject(mailing)) throw fail(mailing, `${where} must be an object`);
		const unknown = Object.keys(mailing).filter((member) => !channel.jsonMembers.includes(member));
		if (unknown.length > 0) {
			throw fail(
				mailing,
				`${where} has members the service does not know: ${unknown.join(', ')}; a mailing has ${channel.jsonMembers.join(', ')}`,
			);
		}
		if (typeof mailing.name !== 'string' || mailing.name.trim() === '') {
			throw fail(mailing.name, `${where}: "name" must be a non-empty text`);
		}
		const alphanameId = asId(mailing.alphaname_id);
		if (alphanameId === undefined)
			throw fail(mailing.alphaname_id, `${where}: "alphaname_id" (sender name ID): ${ID_RULE}`);
		if (mailing.message_type !== 'bulk' && mailing.message_type !== 'personal') {
			throw fail(mailing.message_type, `${where}: "message_type" must be "bulk" or "personal"`);
		}
		if (mailing.schedule_time !== undefined && !isBatchTime(mailing.schedule_time)) {
			throw fail(
				mailing.schedule_time,
				`${where}: "schedule_time" must be a date and time in the format YYYY-MM-DDTHH:mm:ss, e.g. 2026-03-31T14:30:00`,
			);
		}
		const timeProblem =
			mailing.schedule_time === undefined
				? undefined
				: wallTimeProblem(
						parseWallTime(mailing.schedule_time)!,
						serviceZone,
						'YYYY-MM-DDTHH:mm:ss',
						true,
					);
		if (timeProblem !== undefined) {
			throw fail(
				mailing.schedule_time,
				`${where}: "schedule_time" is read in the Service Time Zone, and ${timeProblem}`,
			);
		}
		const list = mailing.delivery_list;
		if (!Array.isArray(list) || list.length === 0) {
			throw fail(list, `${where}: "delivery_list" must be a non-empty array of recipients`);
		}
		const deliveryList = list.map((entry: unknown, position): DeliveryEntry => {
			const at = `${where}, delivery_list[${position}]`;
			if (mailing.message_type === 'bulk') {
				const verdict = phoneOfItem(context, entry, itemIndex);
				if ('problem' in verdict) throw fail(entry, `${at}: ${verdict.problem}`);
				return verdict.phone;
			}
			if (!isObject(entry))
				throw fail(
					entry,
					`${at} must be an object {"phone": "...", "text": "..."} in a personal mailing`,
				);
			const verdict = phoneOfItem(context, entry.phone, itemIndex);
			if ('problem' in verdict) throw fail(entry.phone, `${at}: ${verdict.problem}`);
			const phone = verdict.phone;
			if (typeof entry.text !== 'string' || entry.text.trim() === '') {
				throw fail(entry.text, `${at}: "text" must be a non-empty text in a personal mailing`);
			}
			return { ...entry, phone };
		});
		const malformed = firstMalformedText(mailing);
		if (malformed) throw fail(malformed.value, `${where}: "${malformed.path}": ${UNICODE_RULE}`);
		const problem = channel.checkJsonMailing(mailing, where);
		if (problem !== undefined) throw fail(mailing, problem);
		return { ...mailing, alphaname_id: alphanameId, delivery_list: deliveryList as IDataObject[] };
	});
}
