/**
 * Generated SMS texts for the parts and encoding tests: seeded, so every run has the same corpus.
 * Lengths are in UTF-16 units, from 1 to 1,600, many of them at the part boundaries.
 */
import { seededRandom } from '../../harness/seededRandom';

const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯіўІЎєїґ';
const CJK =
	'的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又';
const NON_BMP = ['😀', '🎉', '👍', '❤️', '🔥', '𝄞', '𠜎', '🇧🇾', '🇩🇪', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '✅', '🙂'];
const COMBINING = ['e\u0301', 'a\u0300', 'n\u0303', 'o\u0308', 'c\u0327', 'u\u030A', 'и\u0306'];
const LOOKALIKES = ['’', '‘', '“', '”', '–', '—', '…', '\u00A0', '«', '»', '`'];

export type CorpusKind =
	| 'basic GSM'
	| 'GSM extension'
	| 'look-alike'
	| 'emoji and non-BMP'
	| 'Cyrillic'
	| 'CJK'
	| 'combining marks'
	| 'mixed';

export interface CorpusText {
	kind: CorpusKind;
	text: string;
}

const BOUNDARIES = [
	70, 71, 134, 135, 136, 160, 161, 201, 202, 268, 269, 306, 307, 308, 459, 460, 612, 613, 1530,
	1531,
];

function pick<T>(random: () => number, list: ArrayLike<T>): T {
	return list[Math.floor(random() * list.length)];
}

function targetLength(random: () => number): number {
	const roll = random();
	if (roll < 0.35) return Math.max(1, pick(random, BOUNDARIES) + Math.floor(random() * 5) - 2);
	if (roll < 0.6) return 1 + Math.floor(random() * 320);
	return 1 + Math.floor(random() * 1600);
}

function alphabetFor(kind: CorpusKind, random: () => number): () => string {
	const gsm = () => pick(random, GSM_BASIC);
	const sometimes = (rate: number, rare: () => string) => () => (random() < rate ? rare() : gsm());
	switch (kind) {
		case 'basic GSM':
			return gsm;
		case 'GSM extension':
			return sometimes(0.1 + random() * 0.5, () => pick(random, GSM_EXTENSION));
		case 'look-alike':
			return sometimes(0.03, () => pick(random, LOOKALIKES));
		case 'emoji and non-BMP':
			return sometimes(0.05 + random() * 0.9, () => pick(random, NON_BMP));
		case 'Cyrillic':
			return () => (random() < 0.8 ? pick(random, CYRILLIC) : pick(random, ' ,.!?0123456789'));
		case 'CJK':
			return () => (random() < 0.9 ? pick(random, CJK) : pick(random, '，。！ 0123456789'));
		case 'combining marks':
			return sometimes(0.05 + random() * 0.4, () => pick(random, COMBINING));
		case 'mixed':
			return () =>
				pick(random, [
					gsm,
					() => pick(random, GSM_EXTENSION),
					() => pick(random, NON_BMP),
					() => pick(random, CYRILLIC),
					() => pick(random, CJK),
					() => pick(random, COMBINING),
				])();
	}
}

const KINDS: CorpusKind[] = [
	'basic GSM',
	'GSM extension',
	'look-alike',
	'emoji and non-BMP',
	'Cyrillic',
	'CJK',
	'combining marks',
	'mixed',
];

/** `count` texts, the kinds in turn. */
export function smsCorpus(count: number, seed = 41): CorpusText[] {
	const random = seededRandom(seed);
	return Array.from({ length: count }, (_, index) => {
		const kind = KINDS[index % KINDS.length];
		const next = alphabetFor(kind, random);
		const length = targetLength(random);
		let text = '';
		while (text.length < length) text += next();
		return { kind, text };
	});
}

/** Real-looking marketing SMS, typed in editors that make quotes curly and dashes long. */
export const marketingTexts: string[] = [
	'Spring sale – 20% off everything until Sunday! Don’t miss it: shop.example.com/spring',
	'Hi Anna, your order #10452 has shipped — track it here: shop.example.com/t/10452. Questions? Reply to this message.',
	'“Best coffee in town” – now with 2 free refills… Show this SMS at the counter before 31 May.',
	'Last chance! Our summer collection is 30% off today only. Use code SUMMER30 at checkout. Terms apply – see shop.example.com/terms',
	'Dear customer, we’ve updated our opening hours: Mon–Fri 9:00–21:00, Sat 10:00–18:00. See you soon!',
	'Your appointment at Bright Smile Dental is tomorrow at 10:30. Reply YES to confirm or call 555-0100 to reschedule. We’re looking forward to seeing you!',
	'It’s your birthday month 🎉 Enjoy a free dessert with any main course — just show this message.',
	'Flash sale: 48 hours only. Buy one, get one 50% off on all shoes. Free delivery over $50. Shop now: shop.example.com/shoes – offer ends Sunday at midnight.',
	'Hi Tom, thanks for joining our loyalty club! You’ve earned 100 points. Collect 500 and get a $10 voucher… Check your balance any time at club.example.com',
	'Black Friday starts NOW: up to 70% off electronics, home & garden. Prices this low won’t last – shop.example.com/bf. Reply STOP to opt out.',
	'Reminder: your subscription renews on 12 June. To change your plan, visit account.example.com. Need help? We’re here 24/7.',
	'New in store: “Autumn Essentials” — cozy knits, boots and more. Members get early access today; everyone else from Friday.',
	'Your table for 4 at Luigi’s is booked for Saturday 19:30. Running late? Just reply to this SMS.',
	'Get 15% off your next order with code THANKS15 – valid for 7 days. Happy shopping!',
	'We miss you! Come back and enjoy free shipping on your next order, no minimum. Offer valid until 30 September – shop.example.com',
	'Weekend deal: 2 pizzas + drink for $19.99… Order online or call 555-0199. Delivery in 30 min or it’s free!',
];
