// Request bodies are JSON (or multipart, for uploads) and nothing else: a form on another site
// can post text/plain without a CORS preflight. The JSON parser refuses what no client sends.
import fp from 'fastify-plugin';
import { parseJsonBody } from '#server/http/json-body.ts';

export const jsonOnly = fp(
  async (app) => {
    app.removeContentTypeParser(['text/plain', 'application/json']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
  },
  { name: 'json-only' },
);
