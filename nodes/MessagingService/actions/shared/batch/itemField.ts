import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const MISSING = Symbol('missing');

function lookUp(json: IDataObject, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(json, path)) return json[path];
	let current: unknown = json;
	for (const key of path.split('.')) {
		if (
			typeof current !== 'object' ||
			current === null ||
			!Object.prototype.hasOwnProperty.call(current, key)
		)
			return MISSING;
		current = (current as IDataObject)[key];
	}
	return current;
}

/**
 * The value of the field `path` of an input item; dots reach into nested fields (`contact.phone`)
 * unless the item has a field whose name has the dots. An item without the field is an error that
 * names the setting to fix and the fields the item has.
 */
export function itemField(
	node: INode,
	json: IDataObject,
	path: string,
	setting: string,
	itemIndex: number,
): unknown {
	const value = lookUp(json, path);
	if (value !== MISSING) return value;
	const fields = Object.keys(json);
	const listed =
		fields.length === 0
			? 'it has no fields'
			: `its fields are: ${fields.slice(0, 12).join(', ')}${fields.length > 12 ? ', ...' : ''}`;
	throw new NodeOperationError(node, `Item ${itemIndex} has no field "${path}"`, {
		itemIndex,
		description: `Set "${setting}" to the name of the field that holds this value in each input item (${listed}).`,
	});
}
