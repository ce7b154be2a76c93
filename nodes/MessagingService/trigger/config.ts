import type { IPollFunctions } from 'n8n-workflow';

import { numberOption } from '../base/numberOption';
import type { ConsentRecognizer } from '../replies/consent/recognizer';
import { consentRecognizerOf } from '../replies/consent/options';
import { DEFAULT_DAYS } from '../replies/plan';
import { DEFAULT_MAX_MAILINGS, DEFAULT_MAX_REPLIES } from './description';
import { readMailingIds } from './mailingIds';

/** The trigger's settings as one poll reads them from its fields. */
export interface TriggerConfig {
	watch: 'recentMailings' | 'specificMailings';
	days: number;
	ids: string[];
	markAsRead: boolean;
	includeExisting: boolean;
	maxMailings: number;
	maxReplies: number;
	combineRepliesPerPhone: boolean;
	/** opt-outs, opt-ins and help requests; undefined: Opt-Out Recognition is off */
	optOuts: ConsentRecognizer | undefined;
}

/** A whole number of at least 1, else the default (base/numberOption.ts: a trigger falls back). */
function positive(value: unknown, fallback: number): number {
	return numberOption(value, { min: 1, fallback, whole: true, outOfRange: 'fallBack' });
}

export function readConfig(context: IPollFunctions): TriggerConfig {
	const watch =
		context.getNodeParameter('watch', 'recentMailings') === 'specificMailings'
			? 'specificMailings'
			: 'recentMailings';
	const options = context.getNodeParameter('options', {}) as {
		includeExisting?: boolean;
		maxMailingsPerPoll?: number;
		maxRepliesPerPoll?: number;
		combineRepliesPerPhone?: boolean;
		optOutRecognition?: string;
		optOutKeywords?: string;
		optInHelpRecognition?: boolean;
	};
	return {
		watch,
		days:
			watch === 'recentMailings'
				? positive(context.getNodeParameter('days', DEFAULT_DAYS), DEFAULT_DAYS)
				: DEFAULT_DAYS,
		ids: watch === 'specificMailings' ? readMailingIds(context) : [],
		markAsRead: context.getNodeParameter('markAsRead', true) !== false,
		includeExisting: options.includeExisting === true,
		maxMailings: positive(options.maxMailingsPerPoll, DEFAULT_MAX_MAILINGS),
		maxReplies: positive(options.maxRepliesPerPoll, DEFAULT_MAX_REPLIES),
		combineRepliesPerPhone: options.combineRepliesPerPhone === true,
		optOuts: consentRecognizerOf(options, (message) => context.logger.warn(message)),
	};
}
