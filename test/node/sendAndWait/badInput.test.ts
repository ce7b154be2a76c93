import { useSandbox } from '../../harness/sandbox';
import { waitingAdditionalData } from './waiting';

const fixture = useSandbox();

type Parameters = Record<string, unknown>;

/** Parameters are built inside the test, once the emulator's seeded account is known. */
function sms(extra: Parameters = {}) {
	return () => ({
		resource: 'sms',
		operation: 'sendAndWait',
		phone: '375291234567',
		message: 'Approve?',
		senderNameId: String(fixture.account.alphanameIds[0]),
		...extra,
	});
}

function chat(extra: Parameters = {}) {
	return () => ({
		resource: 'chatMessage',
		operation: 'sendAndWait',
		chatnameId: String(fixture.account.chatnameIds[0]),
		phone: '375291234567',
		message: 'Approve?',
		buttonCaption: 'Answer',
		...extra,
	});
}

/** n8n's link: 64-character signature, execution id and node id after the waiting URL. */
const LONG_WAITING_URL = { ...waitingAdditionalData, webhookWaitingBaseUrl: 'https://automation.example-company.com:5678/webhook-waiting' };

describe('Send and Wait for Response: bad input is refused before anything is sent', () => {
	it.each([
		['no phone (SMS, from an expression)', sms({ phone: '={{ $json.phone }}' }), /Invalid Phone empty in item 0/],
		['a phone that is not one (chat)', chat({ phone: 'call me' }), /Invalid Phone "call me" in item 0/],
		['an unknown response type', sms({ responseType: 'poll' }), /Invalid Response Type "poll" in item 0: choose Approval, Free Text or Custom Form/],
		['a custom form without fields', sms({ responseType: 'customForm' }), /Invalid Form Fields .* in item 0: add at least one field to the form/],
		[
			'a custom form with a list without choices',
			sms({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Day', fieldType: 'dropdown', choices: ' , ' }] } }),
			/Invalid Form Fields .* in item 0: the list "Day" has no choices/,
		],
		[
			'a custom form with the same label twice',
			sms({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Day' }, { fieldLabel: 'Day', fieldType: 'number' }] } }),
			/Invalid Form Fields .* in item 0: two fields are labelled "Day"/,
		],
		['an empty question', chat({ message: '  ' }), /Invalid Message .* in item 0/],
		['an image message (it cannot carry the link)', chat({ messageType: 'IMAGE' }), /Invalid Message Type "IMAGE" in item 0/],
		['a button without a caption (from an expression)', chat({ buttonCaption: '={{ "" }}' }), /Invalid Button Caption empty in item 0/],
		[
			'a wait limit of 0',
			sms({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' } } } }),
			/Invalid Amount "0" in item 0/,
		],
		[
			'a wait limit already past',
			sms({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2001-01-01T00:00:00' } } } }),
			/Invalid Max Date and Time "2001-01-01T00:00:00" in item 0: the time is already past/,
		],
		[
			'a wait limit that is not a date',
			sms({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'next week' } } } }),
			/Invalid Max Date and Time "next week" in item 0/,
		],
		['forwarding time without forwarding (Send\'s own check)', sms({ options: { forwardingTime: 10 } }), /Invalid Forward After \(Minutes\) "10" in item 0/],
	])('%s', async (_case, parameters, message) => {
		const run = await fixture.run({ parameters: parameters(), additionalData: waitingAdditionalData });
		expect(run.error?.message).toMatch(message);
		expect(fixture.sandbox.requests().filter((request) => request.apiMethod?.startsWith('send'))).toEqual([]);
		expect(run.run.waitTill).toBeUndefined();
	});

	it('a button link longer than 150 characters is refused, naming its length and what to do', async () => {
		const run = await fixture.run({ parameters: chat()(), additionalData: LONG_WAITING_URL });
		expect(run.error?.message).toMatch(/Invalid Message Type "Button" in item 0: the response link of this n8n has 1\d\d characters and a button link may have at most 150; choose the message type Text/);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('the same long link is sent in a Text message', async () => {
		const run = await fixture.run({ parameters: chat({ messageType: 'TEXT' })(), additionalData: LONG_WAITING_URL });
		expect(run.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(String(request.body?.message).split('\n')[1].length).toBeGreaterThan(150);
	});
});
