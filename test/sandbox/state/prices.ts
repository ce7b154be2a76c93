export const CURRENCY = 'EUR';
export const PRICES = { smsPart: 0.035, chatMessage: 0.045, otpMessage: 0.02 } as const;
