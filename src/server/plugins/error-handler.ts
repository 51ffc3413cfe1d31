// One error handler for every route: an AppError answers with its code's status and the code; a
// failed schema names the field and the code of what is wrong; everything unexpected is logged and
// answered with a 500. No reply carries a sentence.
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageCode, type MessageCode } from '#common/messages.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';

/** Fastify's and its plugins' own error codes, answered with ours (the code decides the status). */
const codeForFastifyError: Record<string, MessageCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'VALIDATION',
};

/** A Fastify error code as it is (FST_ERR_…), anything else that is no code as BAD_REQUEST. */
const codeOf = (code: string | undefined) =>
  code && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : 'BAD_REQUEST';

/** The values a custom issue names for its code's text ({ key } of a theme colour, say). */
function customParams(params: unknown): Record<string, string> | undefined {
  const inner = (params as { params?: unknown } | undefined)?.params;
  if (!inner || typeof inner !== 'object') return undefined;
  const entries = Object.entries(inner).filter(([, value]) => typeof value === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

// Registered before any route plugin: plugins inherit the handler they see.
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers).code(error.statusCode).send(error.toBody());
        return;
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0]!;
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'body';
        // The shared schemas give codes as their messages; zod's own (a wrong type, say) are no code.
        const reason = issue.message && isMessageCode(issue.message) ? issue.message : undefined;
        const params = customParams(issue.params);
        reply.code(400).send({
          code: 'VALIDATION',
          field,
          ...(reason ? { reason } : {}),
          ...(reason && params ? { params } : {}),
        });
        return;
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        const unavailable = new AppError('DATABASE_UNAVAILABLE');
        reply.code(unavailable.statusCode).header('retry-after', '2').send(unavailable.toBody());
        return;
      }
      const mapped = error.code ? codeForFastifyError[error.code] : undefined;
      if (mapped) {
        const known = new AppError(mapped);
        reply.code(known.statusCode).send(known.toBody());
        return;
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        reply.code(error.statusCode).send({ code: codeOf(error.code) });
        return;
      }
      request.log.error({ err: error }, 'unhandled error');
      reply.code(500).send(new AppError('INTERNAL').toBody());
    });
  },
  { name: 'error-handler' },
);
