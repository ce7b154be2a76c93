import type { IExecuteFunctions } from 'n8n-workflow';

import type { ApiFile } from '../transport/encode';
import { invalidField } from '../base/validation';

/**
 * Reads an image from a binary property of an input item, to be sent as a file part.
 * A missing property or a file that is not an image is a field error of that item.
 */
export async function imageFromBinary(
	context: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fieldLabel: string,
): Promise<ApiFile> {
	const name = propertyName.trim();
	if (name === '') {
		throw invalidField(
			context.getNode(),
			fieldLabel,
			propertyName,
			'enter the name of the binary property that holds the image, e.g. data',
			itemIndex,
		);
	}
	let binary;
	try {
		binary = context.helpers.assertBinaryData(itemIndex, name);
	} catch {
		const available = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		const hint =
			available.length > 0
				? `this item has: ${available.join(', ')}`
				: 'this item has no binary data at all';
		throw invalidField(
			context.getNode(),
			fieldLabel,
			name,
			`the input item has no binary property with this name (${hint}); pass the image in from a node that reads or downloads files, or choose "URL" as the image source`,
			itemIndex,
		);
	}
	const mimeType = binary.mimeType ?? '';
	if (!mimeType.startsWith('image/')) {
		throw invalidField(
			context.getNode(),
			fieldLabel,
			name,
			`the file in this binary property is not an image (its type is ${mimeType || 'unknown'}); send a JPEG, PNG or other image file`,
			itemIndex,
		);
	}
	const data = await context.helpers.getBinaryDataBuffer(itemIndex, name);
	const extension = mimeType.slice('image/'.length).replace(/[^a-z0-9]/gi, '') || 'img';
	return { data, fileName: binary.fileName ?? `image.${extension}`, mimeType };
}
