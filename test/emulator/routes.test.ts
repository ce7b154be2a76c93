import { z } from 'zod';
import { routes } from '../sandbox/routes';

function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
	let current: z.ZodTypeAny = schema;
	while (current instanceof z.ZodEffects) current = current.innerType();
	if (!(current instanceof z.ZodObject)) throw new Error('a route schema must be an object schema');
	return current.shape;
}

describe('the route table', () => {
	it('has the 30 methods of the spec, each on its own path', () => {
		expect(routes).toHaveLength(30);
		expect(new Set(routes.map((route) => route.path)).size).toBe(30);
	});

	it.each(routes.map((route) => [route.apiMethod, route] as const))(
		'%s: every parameter with a location has a rule in the contract, and the other way round',
		(_name, route) => {
			const contractKeys = Object.keys(objectShape(route.schema)).filter((key) => key !== 'token');
			expect(contractKeys.sort()).toEqual(Object.keys(route.params).sort());
		},
	);
});
