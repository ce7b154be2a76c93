import { z } from 'zod';
import { integer, text } from './common';

export const noParams = z.object({}).strict();

export const getTemplateByIdParams = z.object({ template_id: text }).strict();

export const createTemplateParams = z.object({ name: text, message: text }).strict();

export const editTemplateParams = z
	.object({ template_id: integer, name: text, message: text })
	.strict();

export const deleteTemplateParams = z.object({ template_id: integer }).strict();
