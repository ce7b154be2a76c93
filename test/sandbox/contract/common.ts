import { z } from 'zod';
import { isHttpUrl, parseBatchTime, parseMinuteTime } from '../format';

export const text = z.string().min(1, 'must not be empty');

export const integer = z
	.string()
	.regex(/^\d{1,15}$/, 'must be a whole number written in digits')
	.transform(Number);

export const numericIdString = z
	.string()
	.regex(/^\d{1,15}$/, 'must be a numeric id written as a string, e.g. "1001"');

export const phone = z
	.string()
	.regex(
		/^\d{7,15}$/,
		'must be 7 to 15 digits with the country code, no "+", spaces or other signs',
	);

export const flag = z.enum(['0', '1'], { errorMap: () => ({ message: 'must be 0 or 1' }) });

export const forwardingTime = integer.pipe(
	z.number().min(5, 'must be at least 5 (minutes)').max(60, 'must be at most 60 (minutes)'),
);

export const minuteTime = z
	.string()
	.refine(
		(value) => parseMinuteTime(value) !== null,
		'must be a date and time in the format YYYY-MM-DD HH:MM (UTC)',
	)
	.transform((value) => parseMinuteTime(value) as number);

export const batchTime = z
	.string()
	.refine(
		(value) => parseBatchTime(value) !== null,
		'must be a date and time in the format YYYY-MM-DDTHH:mm:ss (UTC)',
	)
	.transform((value) => parseBatchTime(value) as number);

export const httpUrl = z.string().refine(isHttpUrl, 'must be an http:// or https:// URL');

export const buttonLink = text.max(150, 'must be at most 150 characters');

export const imageFile = z
	.object({ filename: z.string(), contentType: z.string(), size: z.number(), sha256: z.string() })
	.refine(
		(file) => file.contentType.startsWith('image/'),
		'must be an image file (content type image/...)',
	)
	.refine((file) => file.size > 0, 'must not be an empty file');

export const typeMessage = z.enum(['TEXT', 'IMAGE', 'BUTTON'], {
	errorMap: () => ({ message: 'must be TEXT, IMAGE or BUTTON' }),
});

export const paging = {
	limit_offset: integer.optional(),
	limit_rows: integer.optional(),
};

export function rowsRequiredWithOffset(
	params: { limit_offset?: number; limit_rows?: number },
	ctx: z.RefinementCtx,
): void {
	if (params.limit_offset !== undefined && params.limit_rows === undefined) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['limit_rows'],
			message: 'is required when limit_offset is sent',
		});
	}
}
