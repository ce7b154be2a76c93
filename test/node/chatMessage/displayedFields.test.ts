import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MessagingService } from '../../../nodes/MessagingService/MessagingService.node';

/**
 * The fields n8n shows for given values, worked out from the node's own displayOptions the way
 * the editor does: values completed with defaults, then each property tested for display.
 */
const description = new MessagingService().description;
const node = { typeVersion: 1 };

function shown(values: INodeParameters): INodeProperties[] {
	const resolved = NodeHelpers.getNodeParameters(
		description.properties,
		values,
		true,
		false,
		node,
		description,
	)!;
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(resolved, property, node, description),
	);
}

function shownNames(values: INodeParameters): string[] {
	return shown(values).map((property) => property.name);
}

const base = ['resource', 'operation'];

describe.each([
	{ operation: 'send', head: ['chatnameId', 'phone'], notice: [] as string[] },
	{ operation: 'sendToList', head: ['chatnameId', 'listId'], notice: ['confirmNotice'] },
])(
	'Chat Message > $operation: the fields follow the message type',
	({ operation, head, notice }) => {
		const values = (extra: INodeParameters) => ({ resource: 'chatMessage', operation, ...extra });
		const expected = (fields: string[]) => [
			...base,
			...notice,
			...head,
			'messageType',
			...fields,
			'options',
		];

		it('TEXT shows the text (typed) and nothing of images or buttons', () => {
			expect(shownNames(values({ messageType: 'TEXT' }))).toEqual(
				expected(['messageFrom', 'message']),
			);
		});

		it('TEXT from a template shows the template picker instead of the text', () => {
			expect(shownNames(values({ messageType: 'TEXT', messageFrom: 'template' }))).toEqual(
				expected(['messageFrom', 'messageTemplate']),
			);
		});

		it('IMAGE shows the image source and the URL, and no text or button', () => {
			expect(shownNames(values({ messageType: 'IMAGE' }))).toEqual(
				expected(['imageSource', 'imageUrl']),
			);
		});

		it('IMAGE from binary data shows the binary property instead of the URL', () => {
			expect(shownNames(values({ messageType: 'IMAGE', imageSource: 'binary' }))).toEqual(
				expected(['imageSource', 'binaryPropertyName']),
			);
		});

		it('BUTTON shows caption, link and the optional image (none by default), and no text', () => {
			expect(shownNames(values({ messageType: 'BUTTON' }))).toEqual(
				expected(['buttonCaption', 'buttonLink', 'imageSource']),
			);
		});

		it('BUTTON with an image URL or binary image shows that field too', () => {
			expect(shownNames(values({ messageType: 'BUTTON', imageSource: 'url' }))).toEqual(
				expected(['buttonCaption', 'buttonLink', 'imageSource', 'imageUrl']),
			);
			expect(shownNames(values({ messageType: 'BUTTON', imageSource: 'binary' }))).toEqual(
				expected(['buttonCaption', 'buttonLink', 'imageSource', 'binaryPropertyName']),
			);
		});

		it('a leftover value of another type does not bring its field back', () => {
			const names = shownNames(
				values({
					messageType: 'IMAGE',
					message: 'old text',
					buttonCaption: 'old',
					messageFrom: 'template',
				}),
			);
			expect(names).not.toContain('message');
			expect(names).not.toContain('messageTemplate');
			expect(names).not.toContain('buttonCaption');
		});

		it('the image choice offers "None" only for buttons, and defaults to it there', () => {
			const imageSource = (type: string) =>
				shown(values({ messageType: type })).find((p) => p.name === 'imageSource')!;
			expect(imageSource('IMAGE').options!.map((o) => (o as { value: string }).value)).toEqual([
				'url',
				'binary',
			]);
			expect(imageSource('IMAGE').default).toBe('url');
			expect(imageSource('BUTTON').options!.map((o) => (o as { value: string }).value)).toEqual([
				'none',
				'url',
				'binary',
			]);
			expect(imageSource('BUTTON').default).toBe('none');
		});
	},
);

describe('Chat Message > Send: forwarding options', () => {
	it('offers forwarding as SMS (time 5 to 60, sender) in the Options of Send only', () => {
		const options = shown({ resource: 'chatMessage', operation: 'send' }).find(
			(p) => p.name === 'options',
		)!;
		const byName = Object.fromEntries(
			(options.options as INodeProperties[]).map((o) => [o.name, o]),
		);
		expect(Object.keys(byName)).toEqual(
			expect.arrayContaining([
				'forwardAsSms',
				'forwardingTime',
				'senderNameId',
				'concurrency',
				'timeout',
			]),
		);
		expect(byName.forwardingTime.typeOptions).toEqual({ minValue: 5, maxValue: 60 });
		const listOptions = shown({ resource: 'chatMessage', operation: 'sendToList' }).find(
			(p) => p.name === 'options',
		)!;
		expect((listOptions.options as INodeProperties[]).map((o) => o.name)).not.toContain(
			'forwardAsSms',
		);
	});
});
