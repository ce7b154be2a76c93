import type { z } from 'zod';
import type * as contract from '../contract/sms';
import { ApiError, InsufficientFunds, StateError } from '../errors';
import { formatDecimal, roundMoney, smsParts, unixSeconds } from '../format';
import { sendMailing } from '../state/chatMailings';
import type { SmsMailing } from '../state/model';
import { CURRENCY, PRICES } from '../state/prices';
import { isDelivered } from '../state/timeline';
import type { HandlerContext } from './context';
import { findAlphaname, findList } from './lookup';
import { mailingStatus } from './mailingStatus';

type Params<S extends z.ZodTypeAny> = z.output<S>;

export function sendSmsList(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.sendSmsListParams>,
) {
	const list = findList(account, p.list_id);
	const alphaname = findAlphaname(account, p.alphaname_id);
	const parts = smsParts(p.message);
	const mailing: SmsMailing = {
		id: world.ids.take('smsMessage'),
		name: p.name,
		text: p.message,
		origin: 'list',
		alphaname,
		createdAt: world.now(),
		scheduleAt: world.fromServiceTime(p.d_schedule),
		confirmation: 'pending',
		parts,
		cost: roundMoney(list.phones.length * parts * PRICES.smsPart),
		deliveries: list.phones.map((phone) => world.newDelivery(account, 'sms', phone, p.message)),
	};
	account.smsMailings.set(mailing.id, mailing);
	return {
		message_id: mailing.id,
		status: 'NEW',
		count_phones: mailing.deliveries.length,
		parts,
		cost: formatDecimal(mailing.cost),
		currency: CURRENCY,
	};
}

export function confirmSendMessageByList(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.confirmSendMessageByListParams>,
) {
	const mailing = account.smsMailings.get(p.message_id);
	if (!mailing || mailing.origin !== 'list') {
		throw new StateError(
			'message_id',
			`${p.message_id} is not a mailing created with sendSmsList on this account`,
		);
	}
	if (p.confirm === '1') {
		if (mailing.confirmation === 'confirmed')
			throw new StateError('message_id', `${p.message_id} is already confirmed`);
		if (account.balance < mailing.cost) throw new InsufficientFunds();
		account.balance = roundMoney(account.balance - mailing.cost);
		mailing.confirmation = 'confirmed';
		sendMailing(world, account, mailing);
	}
	return {
		message_id: mailing.id,
		status: mailingStatus(mailing.deliveries, world.now()),
		confirmed: mailing.confirmation === 'confirmed' ? 1 : 0,
		count_phones: mailing.deliveries.length,
		parts: mailing.parts,
		cost: formatDecimal(mailing.cost),
		currency: CURRENCY,
		balance: formatDecimal(account.balance),
	};
}

export function getSmsMessages(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.getSmsMessagesParams>,
) {
	const now = world.now();
	const data = [...account.smsMailings.values()]
		.map((mailing) => ({ mailing, type: mailing.origin === 'web' ? 'WEB' : 'API' }))
		.filter(({ type }) => p.type === undefined || p.type === type)
		.map(({ mailing, type }) => ({
			id: mailing.id,
			name: mailing.name,
			d_create: unixSeconds(mailing.createdAt),
			d_schedule: unixSeconds(mailing.scheduleAt ?? mailing.createdAt),
			type,
			parts: String(mailing.parts),
			count_phones: mailing.deliveries.length,
			status: mailingStatus(mailing.deliveries, now),
			sms_delivered: String(
				mailing.deliveries.filter((delivery) => isDelivered(delivery, now)).length,
			),
			cost: formatDecimal(mailing.cost),
			alphaname: mailing.alphaname.name,
		}));
	if (data.length === 0) throw new ApiError(406, { error: 'content not found' });
	return { status: 'success', data };
}
