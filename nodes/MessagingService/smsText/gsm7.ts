/*
 * The GSM 03.38 (3GPP TS 23.038) default alphabet, as the Unicode characters a phone shows.
 * A basic character takes one septet; an extension character is sent as ESC plus a septet, two.
 * 0x09 is the capital Ç (not ç), as in the standard's table.
 */
export const GSM7_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
	'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

export const GSM7_EXTENSION = '\f^{}\\[~]|€';

export const gsm7Basic: ReadonlySet<string> = new Set(GSM7_BASIC);
export const gsm7Extension: ReadonlySet<string> = new Set(GSM7_EXTENSION);

export function isGsm7(char: string): boolean {
	return gsm7Basic.has(char) || gsm7Extension.has(char);
}
