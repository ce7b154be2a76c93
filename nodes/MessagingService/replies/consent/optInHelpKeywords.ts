/**
 * The default opt-in keywords (the customer asks to get messages again) and help keywords (the
 * customer asks who writes and how to stop), by language, compared as the opt-out keywords are:
 * a sentence that is one of them, polite words aside, said once or more (recognizer.ts).
 * Sources: the carriers' and platforms' lists (CTIA; Twilio: START, UNSTOP, HELP, INFO; AWS:
 * UNSTOP, START; Bird: begin, resume, revert, hilfe, ayuda, помощь, pomocy; OneSignal: UNSTOP),
 * and each language's words for them.
 *
 * Not "yes": Twilio and Braze read YES as an opt-in, for programs whose sign-up says "reply YES";
 * here a reply answers a mailing or a bot's question ("Shall I book 3 pm?" "Yes"), and a "yes"
 * taken for an opt-in would never reach the bot.
 */
export const DEFAULT_OPT_IN_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
	english: [
		'start', 'unstop', 'subscribe', 'resubscribe', 'opt in', 'optin', 'opt me in', 'opt back in', 'start again', 'restart', 'resume',
		'begin', 'revert', 'subscribe me', 'subscribe me again', 'sign me up', 'sign me up again', 'add me back', 'start messages',
		'start sending again', 'unblock',
	],
	russian: [
		'старт', 'подписаться', 'подписаться снова', 'снова подписаться', 'подпишите меня', 'подпишите', 'подписка', 'возобновить',
		'возобновить рассылку', 'верните рассылку', 'получать рассылку', 'старт рассылка',
	],
	russianTransliterated: ['start', 'podpisatsya', 'podpisatsa', 'podpishite menya', 'podpiska', 'vozobnovit'],
	belarusian: ['старт', 'падпісацца', 'падпішыце мяне', 'падпіска', 'аднавіць', 'аднавіць рассылку'],
	belarusianTransliterated: ['padpisacca', 'padpiska'],
	ukrainian: ['старт', 'підписатися', 'підписатись', 'підпишіть мене', 'підписка', 'відновити', 'відновити розсилку'],
	ukrainianTransliterated: ['pidpysatysia', 'pidpysatysya', 'pidpyska', 'vidnovyty'],
	polish: ['start', 'zapisz', 'zapisz mnie', 'zapisz mnie ponownie', 'zapisuję się', 'subskrybuj', 'wznów', 'się zapisać', 'zapisać się'],
	german: [
		'start', 'starten', 'anmelden', 'abonnieren', 'wieder anmelden', 'mich anmelden', 'mich wieder anmelden', 'melde mich an',
		'wieder abonnieren', 'fortsetzen',
	],
	spanish: [
		'alta', 'darme de alta', 'dar de alta', 'dame de alta', 'suscribir', 'suscribirme', 'suscríbeme', 'empezar', 'comenzar', 'iniciar',
		'reanudar', 'volver a suscribirme', 'inicio',
	],
};

export const DEFAULT_HELP_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
	english: ['help', 'info', 'information', 'help me', 'helpdesk'],
	russian: ['помощь', 'справка', 'инфо', 'информация', 'помогите'],
	russianTransliterated: ['pomosch', 'pomoshch', 'pomoshh', 'spravka', 'info'],
	belarusian: ['дапамога', 'даведка', 'інфо', 'інфармацыя'],
	belarusianTransliterated: ['dapamoga', 'dapamoha'],
	ukrainian: ['допомога', 'довідка', 'інфо', 'інформація', 'допоможіть'],
	ukrainianTransliterated: ['dopomoha', 'dopomoga', 'dovidka'],
	polish: ['pomoc', 'pomocy', 'info', 'informacja', 'informacje'],
	german: ['hilfe', 'info', 'infos', 'information'],
	spanish: ['ayuda', 'info', 'información'],
};
