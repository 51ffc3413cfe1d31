// Request bodies may carry only the fields their route declares. zod's objects drop unknown keys
// silently, so a client sending `role`, `is_active` or an id to a route that does not take them
// would be told nothing; here such a body is refused with a 400 naming the field. Query strings
// stay lenient (browsers and proxies add cache-busting parameters).
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors.ts';

function objectShape(schema: unknown): Record<string, unknown> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in);
  return undefined;
}

export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const shape = route.httpPart === 'body' ? objectShape(route.schema) : undefined;
  if (!shape) return validate;
  return (data: unknown) => {
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const unknown = Object.keys(data).find((key) => !Object.hasOwn(shape, key));
      if (unknown !== undefined) {
        return {
          error: new AppError('JSON_UNKNOWN_FIELD', { params: { field: unknown }, field: unknown }),
        };
      }
    }
    return validate(data);
  };
};
