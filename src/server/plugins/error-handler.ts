// One error handler for every route: an AppError answers with its code's status and text; a
// failed schema names the field; everything unexpected is logged and answered with a 500.
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type MessageCode, messages } from '#common/messages.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';

/** A schema's message that is a catalogue text, back to its code (the web shows the code's text). */
const codeOfText = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

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
        const reason = codeOfText.get(issue.message ?? '');
        const known = reason !== undefined || issue.keyword === 'custom';
        reply.code(400).send({
          code: 'VALIDATION',
          message: known ? (issue.message ?? messages.VALIDATION) : `${field}: ${issue.message}`,
          field,
          ...(reason ? { reason } : {}),
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
        reply
          .code(error.statusCode)
          .send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
        return;
      }
      request.log.error({ err: error }, 'unhandled error');
      reply.code(500).send(new AppError('INTERNAL').toBody());
    });
  },
  { name: 'error-handler' },
);
