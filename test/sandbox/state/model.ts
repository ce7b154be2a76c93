import type { Channel, NamedId } from '../types';

/** One message to one phone on one channel. */
export interface Delivery {
	id: number;
	channel: Channel;
	phone: string;
	text: string;
	createdAt: number;
	/** emulator time the message is (or was) handed over for sending; null while awaiting confirmation */
	sentAt: number | null;
	/** the phone was unreachable on this channel when the message was created */
	undeliverable: boolean;
	/** the phone was told to fail on this channel (setFailing): the status and error code it ends with */
	failure?: DeliveryFailure;
	forwarding?: { minutes: number; senderId: number };
	forwardedAs?: number;
}

export interface DeliveryFailure {
	status: string;
	errorCode: number;
}

/** createSmsMessage: a stored text, sent to phones with sendSMS */
export interface SmsMessage {
	id: number;
	name: string;
	text: string;
	alphaname: NamedId;
	createdAt: number;
	sendAt: number | null;
	deliveries: Delivery[];
}

export type Confirmation = 'not-needed' | 'pending' | 'confirmed';

/** sendSmsList, sendBulkSms, or a seeded mailing made on the web */
export interface SmsMailing {
	id: number;
	name: string;
	text: string;
	origin: 'list' | 'bulk' | 'web';
	alphaname: NamedId;
	createdAt: number;
	scheduleAt: number | null;
	confirmation: Confirmation;
	parts: number;
	cost: number;
	deliveries: Delivery[];
}

export type ChatMessageType = 'TEXT' | 'IMAGE' | 'BUTTON';

export interface ChatMailing {
	id: number;
	name: string;
	origin: 'quick' | 'list' | 'bulk' | 'forward';
	typeMessage: ChatMessageType;
	message: string;
	buttonCaption: string;
	buttonLink: string;
	imageFile: string;
	createdAt: number;
	scheduleAt: number | null;
	confirmation: Confirmation;
	cost: number;
	deliveries: Delivery[];
}

export interface Reply {
	id: string;
	mailingId: number;
	phone: string;
	message: string;
	receivedAt: number;
	read: boolean;
}

export type BatchEntry =
	| { mailing: { id: number; name: string; alphanameId: number; deliveries: Delivery[] } }
	| { errors: string[] };

export interface Batch {
	uuid: string;
	entries: BatchEntry[];
}

export interface SubscriberList extends NamedId {
	phones: string[];
}

export interface Template extends NamedId {
	message: string;
}

export interface Account {
	token: string;
	balance: number;
	alphanames: Map<number, NamedId>;
	chatnames: Map<number, NamedId>;
	lists: Map<number, SubscriberList>;
	templates: Map<number, Template>;
	smsMessages: Map<number, SmsMessage>;
	smsMailings: Map<number, SmsMailing>;
	/** every SMS and verification-code delivery, by sms_id */
	smsSends: Map<number, Delivery>;
	chatMailings: Map<number, ChatMailing>;
	replies: Map<string, Reply>;
	/** test switches for the trigger: getChatMessages order, every unread reply answered twice */
	quirks: { chatListing: 'oldest-first' | 'newest-first'; duplicateUnread: boolean };
	smsBatches: Map<string, Batch>;
	chatBatches: Map<string, Batch>;
	unreachable: { sms: Set<string>; chat: Set<string> };
	/** by `channel:phone`: messages created to it end in this failure (setFailing) */
	failing: Map<string, DeliveryFailure>;
}

export function emptyAccount(token: string, balance: number): Account {
	return {
		token,
		balance,
		alphanames: new Map(),
		chatnames: new Map(),
		lists: new Map(),
		templates: new Map(),
		smsMessages: new Map(),
		smsMailings: new Map(),
		smsSends: new Map(),
		chatMailings: new Map(),
		replies: new Map(),
		smsBatches: new Map(),
		chatBatches: new Map(),
		unreachable: { sms: new Set(), chat: new Set() },
		failing: new Map(),
		quirks: { chatListing: 'oldest-first', duplicateUnread: false },
	};
}
