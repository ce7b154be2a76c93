import type { INodeParameters } from 'n8n-workflow';

/** A distinct phone per item, so that the emulator's counters tell items apart. */
export function phoneOf(index: number): string {
	return String(375290000000 + index);
}

/** SMS > Send once per item, to each item's `phone` with its `text`. */
export function smsSendPerItem(
	senderNameId: string,
	options: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'sms',
		operation: 'send',
		phone: '={{ $json.phone }}',
		messageFrom: 'text',
		message: '={{ $json.text }}',
		senderNameId,
		options,
	};
}
