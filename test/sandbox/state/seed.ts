import { smsParts, roundMoney } from '../format';
import type { Account, SmsMailing } from './model';
import { PRICES } from './prices';
import type { World } from './world';

const ALPHANAMES = ['DemoShop', 'DemoAlerts'];
const CHATNAMES = ['DemoShopChat', 'DemoSupport'];
const LISTS = [
	{ name: 'Customers', phones: ['375291234567', '375291234568', '375291234569', '375291234570'] },
	{ name: 'Staff', phones: ['375331112233', '375331112234', '375331112235'] },
];
const TEMPLATES = [
	{ name: 'Welcome', message: 'Welcome to DemoShop! Your account is ready.' },
	{ name: 'Order shipped', message: 'Your order has been shipped and will arrive within 3 days.' },
];
const STORED_MESSAGE = 'Spring sale: 20% off everything this week.';
const NEWSLETTER = 'February newsletter: new arrivals are in the shop.';
const DAY_MS = 86_400_000;

/** Demo data of a new account. Seeded messages were sent "yesterday" and are not counted as sent. */
export function seedAccount(world: World, account: Account): void {
	for (const name of ALPHANAMES) {
		const id = world.ids.take('alphaname');
		account.alphanames.set(id, { id, name });
	}
	for (const name of CHATNAMES) {
		const id = world.ids.take('chatname');
		account.chatnames.set(id, { id, name });
	}
	for (const list of LISTS) {
		const id = world.ids.take('list');
		account.lists.set(id, { id, name: list.name, phones: [...list.phones] });
	}
	for (const template of TEMPLATES) {
		const id = world.ids.take('template');
		account.templates.set(id, { id, ...template });
	}
	const yesterday = world.now() - DAY_MS;
	const sender = [...account.alphanames.values()][0];
	const messageId = world.ids.take('smsMessage');
	account.smsMessages.set(messageId, {
		id: messageId,
		name: 'Spring sale',
		text: STORED_MESSAGE,
		alphaname: sender,
		createdAt: yesterday,
		sendAt: null,
		deliveries: [],
	});
	const phones = LISTS[0].phones;
	const parts = smsParts(NEWSLETTER);
	const mailing: SmsMailing = {
		id: world.ids.take('smsMessage'),
		name: 'February newsletter',
		text: NEWSLETTER,
		origin: 'web',
		alphaname: sender,
		createdAt: yesterday,
		scheduleAt: null,
		confirmation: 'confirmed',
		parts,
		cost: roundMoney(phones.length * parts * PRICES.smsPart),
		deliveries: phones.map((phone) => {
			const delivery = world.newDelivery(account, 'sms', phone, NEWSLETTER);
			delivery.createdAt = yesterday;
			delivery.sentAt = yesterday;
			return delivery;
		}),
	};
	account.smsMailings.set(mailing.id, mailing);
}
