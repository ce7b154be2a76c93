import { z } from 'zod';
import { phone } from './common';

export const sendOtpParams = z
	.object({
		message: z
			.string()
			.regex(/^\d+$/, 'must contain digits only')
			.max(16, 'must be at most 16 characters'),
		phone,
	})
	.strict();
