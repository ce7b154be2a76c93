import type { INodeProperties } from 'n8n-workflow';

/** n8n's own limit for a request body is 16 MB (N8N_PAYLOAD_SIZE_MAX); ours is below it. */
export const DEFAULT_MAX_BODY_MB = 4;
export const MAX_BODY_MB = 16;

export const callbackTriggerProperties: INodeProperties[] = [
	{
		displayName:
			"Put this node's Production URL (above) into the Callback URL of Send Batch (SMS or Chat Message), then publish this workflow. Send Batch adds the chunk number and a signature made with the API key; callbacks without a valid signature for this credential are refused.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One Item per Mailing',
				value: 'mailing',
				description: 'Each mailing result with its list of deliveries, and each error entry',
			},
			{
				name: 'One Item per Delivery',
				value: 'delivery',
				description:
					'Each recipient of each mailing (with the mailing ID and name), and each error entry',
			},
		],
		default: 'mailing',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Max Body Size (MB)',
				name: 'maxBodyMb',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BODY_MB },
				default: DEFAULT_MAX_BODY_MB,
				description: `Callbacks with a larger body are refused with status 413 and start nothing. The outcome of a chunk of 10,000 recipients is about 1 MB. At most ${MAX_BODY_MB}.`,
			},
		],
	},
];
