// Security headers on every reply (helmet), and no caching of API replies.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { isApiRequest } from './request-kind.ts';

export const securityHeaders = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Many centers serve plain HTTP on their own network: upgrading would break every request.
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Only the meeting page is cross-origin isolated (see web-app.ts).
      crossOriginEmbedderPolicy: false,
    });
    // API replies are personal and short-lived (some carry a host's start URL): never stored.
    app.addHook('onSend', async (request, reply) => {
      if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
