import type { z } from 'zod';
import type * as contract from '../contract/templates';
import { smsParts } from '../format';
import type { Template } from '../state/model';
import { ok, type HandlerContext } from './context';
import { findTemplate } from './lookup';

type Params<S extends z.ZodTypeAny> = z.output<S>;

function fullTemplate(template: Template) {
	return {
		id: template.id,
		name: template.name,
		message: template.message,
		parts: smsParts(template.message),
	};
}

export function getTemplateMessages({ account }: HandlerContext) {
	return ok([...account.templates.values()].map(({ id, name }) => ({ id, name })));
}

export function getTemplateMessageById(
	{ account }: HandlerContext,
	p: Params<typeof contract.getTemplateByIdParams>,
) {
	return ok(fullTemplate(findTemplate(account, p.template_id)));
}

export function createTemplateMessage(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.createTemplateParams>,
) {
	const template: Template = { id: world.ids.take('template'), name: p.name, message: p.message };
	account.templates.set(template.id, template);
	return ok(fullTemplate(template));
}

export function editTemplateMessage(
	{ account }: HandlerContext,
	p: Params<typeof contract.editTemplateParams>,
) {
	const template = findTemplate(account, p.template_id);
	template.name = p.name;
	template.message = p.message;
	return ok(fullTemplate(template));
}

export function deleteTemplateMessage(
	{ account }: HandlerContext,
	p: Params<typeof contract.deleteTemplateParams>,
) {
	account.templates.delete(findTemplate(account, p.template_id).id);
	return { status: 'OK' };
}
