/** The options of the sending guards (docs/guards.md), placed in each sending operation's Options. */
import type { INodeProperties } from 'n8n-workflow';

/** The country national phone numbers are read in, over the credential's Default Country. */
export const defaultCountryOption: INodeProperties = {
	displayName: 'Default Country',
	name: 'defaultCountry',
	type: 'string',
	default: '',
	placeholder: 'e.g. BY',
	description:
		"The country of phones written without a country code, as its ISO 3166 code (BY, GB, US...): 8 029 113-00-01 is then +375 29 113-00-01. Empty: the credential's Default Country; with neither, a national number is refused.",
};

export const DO_NOT_SEND_TO = 'Do Not Send To';
export const QUIET_HOURS = 'Quiet Hours';
export const RECIPIENT_TIME_ZONE = 'Recipient Time Zone';

const doNotSendTo: INodeProperties = {
	displayName: DO_NOT_SEND_TO,
	name: 'doNotSendTo',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	placeholder: "e.g. {{ $('Opted-out phones').all() }}",
	description:
		"Phones that must not receive anything: one per line (or separated by commas), an array of phones, or the items of an earlier node, e.g. {{ $('Opted-out phones').all() }} for the rows of a Data table. Compared as the phones sent to: checked per country, a trunk prefix such as (0) after the code dropped, a national number read in the Default Country. Read once per run, from the first item.",
};

const doNotSendToField: INodeProperties = {
	displayName: 'Do Not Send To Phone Field',
	name: 'doNotSendToField',
	type: 'string',
	default: 'phone',
	placeholder: 'e.g. phone',
	description:
		'When Do Not Send To gives items or rows: the name of their field that holds the phone',
};

/** Default Country and Do Not Send To, for every operation that sends to phones it is given. */
export const doNotSendToOptions: INodeProperties[] = [
	defaultCountryOption,
	doNotSendTo,
	doNotSendToField,
];

/** Do Not Send To on a list mailing: the service holds the recipients, so the option refuses the mailing. */
export const doNotSendToListOption: INodeProperties = {
	...doNotSendTo,
	description:
		"A list mailing cannot be filtered: the service holds its recipients and the API cannot read them. With this option set the mailing is refused, not sent unfiltered; remove the phones from the subscriber list on the service, or send with Send Batch to the list's phones.",
};

/** Verification Code > Send only: a person who asks for a code has opted in. */
export const ignoreDoNotSendToOption: INodeProperties = {
	displayName: 'Send Codes Despite Do Not Send To',
	name: 'ignoreDoNotSendTo',
	type: 'boolean',
	default: false,
	description:
		'Whether to send a code to a phone on the Do Not Send To list (a person who asks for a code has opted in); the output then says onDoNotSendTo: true',
};

const quietHours: INodeProperties = {
	displayName: QUIET_HOURS,
	name: 'quietHours',
	type: 'string',
	default: '09:00-21:00',
	placeholder: 'e.g. 09:00-21:00',
	description:
		"The hours in which a message may arrive, on the recipient's clock (HH:MM-HH:MM; 22:00-07:00 runs past midnight). Outside them a mailing is scheduled for the next allowed moment; a single message is not sent and its item says sendAfter. Read once per run, from the first item.",
};

const recipientTimeZone: INodeProperties = {
	displayName: RECIPIENT_TIME_ZONE,
	name: 'recipientTimeZone',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.timeZone }}',
	description:
		"The recipient's time zone for Quiet Hours, an IANA name such as Europe/Berlin or America/St_Johns. Empty: the time zone of the phone's country where the country has one (not the USA, Canada, Russia, Brazil, Mexico, Australia...: see the docs), else the credential's Service Time Zone.",
};

/** Quiet Hours for the operations that send to a phone: the zone from the item, else from the phone's country. */
export const quietHoursOptions: INodeProperties[] = [quietHours, recipientTimeZone];

/** Quiet Hours for list mailings: the service holds the phones, so the zone is given or the Service Time Zone. */
export const listQuietHoursOptions: INodeProperties[] = [
	quietHours,
	{
		...recipientTimeZone,
		description:
			"The time zone of the list's recipients for Quiet Hours, an IANA name such as Europe/Berlin. Empty: the credential's Service Time Zone (the phones of a list are the service's).",
	},
];

/** Options read once per run (or by the guards themselves): an item's other options are read without them. */
export const GUARD_OPTION_NAMES: ReadonlySet<string> = new Set([
	'defaultCountry',
	'doNotSendTo',
	'doNotSendToField',
	'quietHours',
	'recipientTimeZone',
	'ignoreDoNotSendTo',
]);
