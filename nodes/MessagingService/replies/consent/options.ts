import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	ConsentRecognizer,
	defaultHelpKeywords,
	defaultOptInKeywords,
	defaultOptOutKeywords,
} from './recognizer';

type Recognition = 'default' | 'extend' | 'replace' | 'off';

/** The three options of both reply triggers' Options collection (kept in alphabetical order there). */
export const optOutRecognitionOption: INodeProperties = {
	displayName: 'Opt-Out Recognition',
	name: 'optOutRecognition',
	type: 'options',
	default: 'default',
	description:
		'Whether each reply is checked for a request to stop messages ("STOP", "unsubscribe", "стоп", "отписаться", "wypisz", "abmelden", "baja"...), marked with Opt Out, Consent and the keyword found. A reply opts out when one of its sentences is a keyword, polite words aside, or a keyword with its object ("I said STOP", "stop texting me"): "Stop please" does, "don\'t stop" and "Can I stop by?" do not.',
	options: [
		{
			name: 'Default Keywords',
			value: 'default',
			description:
				'English, Russian, Belarusian, Ukrainian, Polish, German and Spanish keywords, with transliterations',
		},
		{
			name: 'Default Keywords and Mine',
			value: 'extend',
			description: 'The default keywords and those in My Opt-Out Keywords',
		},
		{
			name: 'My Keywords Only',
			value: 'replace',
			description: 'Only the keywords in My Opt-Out Keywords',
		},
		{
			name: 'Off',
			value: 'off',
			description: 'Replies are not checked and carry no Opt Out or Consent field',
		},
	],
};

export const optOutKeywordsOption: INodeProperties = {
	displayName: 'My Opt-Out Keywords',
	name: 'optOutKeywords',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	placeholder: 'e.g. arrêt, désabonner, stop promo',
	description:
		'Keywords or phrases, separated by commas or line breaks, used with Opt-Out Recognition set to Default Keywords and Mine or My Keywords Only. Case, accents, punctuation and emoji do not matter.',
};

export const optInHelpRecognitionOption: INodeProperties = {
	displayName: 'Opt-In and Help Recognition',
	name: 'optInHelpRecognition',
	type: 'boolean',
	default: true,
	description:
		'Whether replies that ask to get messages again ("START", "UNSTOP", "подписаться", "anmelden", "alta"...) or ask for help ("HELP", "INFO", "помощь", "Hilfe", "ayuda"...) are marked too, with Consent "optIn" or "help". Only while Opt-Out Recognition is not Off.',
};

/** The keywords of the My Opt-Out Keywords field, one per comma or line. */
function userKeywords(value: unknown): string[] {
	return typeof value === 'string'
		? value
				.split(/[,\n\r]+/)
				.map((keyword) => keyword.trim())
				.filter((keyword) => keyword !== '')
		: [];
}

/**
 * The recognizer the trigger's options ask for, or undefined when Opt-Out Recognition is Off.
 * As with a trigger's other settings, what cannot be used falls back rather than stopping the
 * replies: a keyword that is only punctuation or polite words is left out, and My Keywords Only
 * with none usable checks the default keywords (recognising more, never fewer); `warn` says so.
 * Opt-ins and help requests are recognised with the default keywords unless their option is off.
 */
export function consentRecognizerOf(
	options: IDataObject,
	warn: (message: string) => void,
): ConsentRecognizer | undefined {
	const recognition = (
		['default', 'extend', 'replace', 'off'].includes(String(options.optOutRecognition))
			? options.optOutRecognition
			: 'default'
	) as Recognition;
	if (recognition === 'off') return undefined;
	const mine = recognition === 'default' ? [] : userKeywords(options.optOutKeywords);
	const unusable = ConsentRecognizer.unusable(mine);
	if (unusable.length > 0) {
		warn(
			`Messaging Service: My Opt-Out Keywords ${unusable.map((keyword) => JSON.stringify(keyword)).join(', ')} left out: nothing is left of them but punctuation, emoji or polite words`,
		);
	}
	const usable = mine.filter((keyword) => !unusable.includes(keyword));
	let optOut = recognition === 'replace' ? usable : [...defaultOptOutKeywords(), ...usable];
	if (recognition === 'replace' && usable.length === 0) {
		warn(
			'Messaging Service: Opt-Out Recognition is My Keywords Only but My Opt-Out Keywords has none usable: the default keywords are used',
		);
		optOut = defaultOptOutKeywords();
	}
	const optInHelp = options.optInHelpRecognition !== false;
	return new ConsentRecognizer({
		optOut,
		...(optInHelp ? { optIn: defaultOptInKeywords(), help: defaultHelpKeywords() } : {}),
	});
}
