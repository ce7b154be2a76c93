import type { INodeParameters } from 'n8n-workflow';

import { caseParams, type WaitCase } from '../../harness/badInputCase';

const waitLimit = (values: INodeParameters) => ({ options: { limitWaitTime: { values } } });

const sms = (extra: INodeParameters) => caseParams('sms', 'sendAndWait', extra);
const form = (...values: INodeParameters[]) =>
	sms({ responseType: 'customForm', formFields: { values } });

/** SMS > Send and Wait for Response, refused before anything is sent or waits; the one item is bad. */
export const waitCases: WaitCase[] = [
	[
		'no phone (SMS, from an expression)',
		sms({ phone: '={{ $json.phone }}' }),
		/The Phone field is empty in item 0/,
	],
	[
		'a text that needs more than Max Parts with its response link',
		sms({ message: 'Approve the refund? '.repeat(7), options: { maxParts: 1 } }),
		/^Invalid Message "Approve the refund\? .*" in item 0: it needs 2 parts \(GSM-7\), more than Max Parts \(1\)$/,
	],
	[
		'an unknown response type',
		sms({ responseType: 'poll' }),
		/Invalid Response Type "poll" in item 0: choose Approval, Free Text or Custom Form/,
	],
	[
		'a phone to hand back to the bot that is not a phone',
		sms({ options: { handBackPhone: '12-34' } }),
		/^Invalid Offer Hand Back to Bot for Phone "12-34" in item 0: a phone number must have 7 to 15 digits/,
	],
	[
		'a custom form without fields',
		sms({ responseType: 'customForm' }),
		/Invalid Form Fields .* in item 0: add at least one field to the form/,
	],
	[
		'a custom form with a list without choices',
		form({ fieldLabel: 'Day', fieldType: 'dropdown', choices: ' , ' }),
		/Invalid Form Fields .* in item 0: the list "Day" has no choices/,
	],
	[
		'a custom form with the same label twice',
		form({ fieldLabel: 'Day' }, { fieldLabel: 'Day', fieldType: 'number' }),
		/Invalid Form Fields .* in item 0: two fields are labelled "Day"/,
	],
	[
		'a wait limit of 0',
		sms(waitLimit({ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' })),
		/Invalid Amount "0" in item 0/,
	],
	[
		'a wait limit already past',
		sms(waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: '2001-01-01T00:00:00' })),
		/Invalid Max Date and Time "2001-01-01T00:00:00" in item 0: the time is already past/,
	],
	[
		'a wait limit that is not a date',
		sms(waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: 'next week' })),
		/Invalid Max Date and Time "next week" in item 0/,
	],
	[
		"forwarding time without forwarding (Send's own check)",
		sms({ options: { forwardingTime: 10 } }),
		/Invalid Forward After \(Minutes\) "10" in item 0/,
	],
];
