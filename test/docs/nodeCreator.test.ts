import type { INodePropertyOptions } from 'n8n-workflow';

import { MessagingService } from '../../nodes/MessagingService/MessagingService.node';
import { MessagingServiceTrigger } from '../../nodes/MessagingService/MessagingServiceTrigger.node';

/**
 * How n8n's node creator (editor 2.41, workflows store) shows the package: it merges a node with
 * the node named like it plus "Trigger" into one entry and gives that entry the trigger's
 * description; a trigger's actions come from a field labelled "Trigger On" (or "Event(s)"), each
 * option's `action` text, else one entry "On new <name> event".
 */
describe('the package in the node creator', () => {
	const action = new MessagingService().description;
	const trigger = new MessagingServiceTrigger().description;

	it('the one entry of both nodes describes what the action node does', () => {
		expect(trigger.name).toBe(`${action.name}Trigger`);
		for (const phrase of ['SMS', 'chat-app messages', 'verification codes'])
			expect(trigger.description).toContain(phrase);
		expect(trigger.description).toMatch(/replies to chat mailings/);
	});

	it('the trigger is offered as "On new reply to a chat mailing", not "On new Messaging Service event"', () => {
		const triggerOn = trigger.properties.find((property) =>
			['event', 'events', 'trigger on'].includes(property.displayName.toLowerCase()),
		);
		const actions = ((triggerOn?.options ?? []) as INodePropertyOptions[]).map(
			(option) => option.action,
		);
		expect(actions).toEqual(['On new reply to a chat mailing']);
		expect(trigger.displayName).toBe('Messaging Service Trigger');
	});
});
