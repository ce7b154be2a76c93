import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { conversationStateOf, conversationsWithPerson } from '../../handoff/view';
import { invalidField } from '../../base/validation';
import { forOperation } from '../display';
import { conversationPhoneField, readConversationPhone } from './fields';
import { workflowOf } from '../../handoff/publish';

export const description: INodeProperties[] = forOperation('conversation', 'getState', [
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One Phone',
				value: 'onePhone',
				description: 'Who has the conversation of one phone: the bot or a person',
			},
			{
				name: 'Every Conversation With a Person',
				value: 'withPerson',
				description: 'One item for each conversation a person has now',
			},
		],
		default: 'onePhone',
	},
	{ ...conversationPhoneField, displayOptions: { show: { scope: ['onePhone'] } } },
]);

/** Get State reads what the Chat Trigger of this workflow keeps; it asks the service nothing. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scope = this.getNodeParameter('scope', itemIndex, 'onePhone');
	const { workflowId, globalStaticData } = workflowOf(this);
	if (scope === 'withPerson') return conversationsWithPerson(workflowId, globalStaticData);
	if (scope !== 'onePhone')
		throw invalidField(
			this.getNode(),
			'Scope',
			scope,
			'choose One Phone or Every Conversation With a Person',
			itemIndex,
		);
	const { phone } = readConversationPhone(this, itemIndex);
	return [conversationStateOf(workflowId, globalStaticData, phone)];
}
