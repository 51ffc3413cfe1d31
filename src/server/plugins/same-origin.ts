// Refuses state-changing requests that a page of another site made the browser send.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin) throw new AppError('CROSS_ORIGIN');
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_ORIGIN');
}

export const sameOrigin = fp<{ publicOrigin: string | undefined }>(
  async (app, { publicOrigin }) => {
    // Every state-changing request, whatever its path: `/%61pi/…` reaches the same routes as
    // `/api/…` once the router has decoded it.
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        assertSameOrigin(request, publicOrigin);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'same-origin' },
);
