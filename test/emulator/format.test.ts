import {
	formatCost,
	formatMicroTime,
	parseBatchTime,
	parseMinuteTime,
	smsParts,
} from '../sandbox/format';

describe('message parts', () => {
	it.each([
		['a'.repeat(160), 1],
		['a'.repeat(161), 2],
		['a'.repeat(306), 2],
		['a'.repeat(307), 3],
		['€'.repeat(80), 1],
		['€'.repeat(81), 2],
		['ж'.repeat(70), 1],
		['ж'.repeat(71), 2],
		['ж'.repeat(134), 2],
		['ж'.repeat(135), 3],
		[`${'a'.repeat(68)}😀`, 1],
		[`${'a'.repeat(69)}😀`, 2],
	])('%#: counts GSM-7 at 160/153 and other text at 70/67', (text, parts) => {
		expect(smsParts(text)).toBe(parts);
	});
});

describe('times and money', () => {
	it('reads YYYY-MM-DD HH:MM and YYYY-MM-DDTHH:mm:ss as UTC and refuses impossible dates', () => {
		expect(parseMinuteTime('2026-03-02 10:30')).toBe(Date.UTC(2026, 2, 2, 10, 30));
		expect(parseBatchTime('2026-03-02T10:30:15')).toBe(Date.UTC(2026, 2, 2, 10, 30, 15));
		expect(parseMinuteTime('2026-02-30 10:30')).toBeNull();
		expect(parseMinuteTime('2026-03-02 24:00')).toBeNull();
		expect(parseBatchTime('2026-03-02T10:30:15Z')).toBeNull();
	});

	it('formats microsecond times and costs with five decimals and a currency', () => {
		expect(formatMicroTime(Date.UTC(2026, 2, 2, 9, 0, 5, 250))).toBe('2026-03-02 09:00:05.250000');
		expect(formatCost(0.045, 'EUR')).toBe('0.04500 EUR');
	});
});
