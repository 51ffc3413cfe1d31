// The built web app (dist/web): hashed assets cached for a year, index.html never cached, every
// page route the browser loads directly (a refresh on /settings) gets index.html, and the meeting
// page gets the looser policy Zoom's SDK needs. Registered last: it owns the not-found handler.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';
import {
  MEETING_PAGE_ISOLATION,
  meetingPageCsp,
  type WebSdkSource,
} from '#server/features/zoom/web-sdk.ts';

export const webApp = fp<{ webRoot: string; webSdk: WebSdkSource }>(
  async (app, { webRoot, webSdk }) => {
    const serveWeb = fs.existsSync(path.join(webRoot, 'index.html'));
    if (serveWeb) {
      await app.register(fastifyStatic, {
        root: webRoot,
        prefix: '/',
        index: ['index.html'],
        serveDotFiles: false,
        allowedPath: (pathName) => !pathName.startsWith('/.vite'),
        setHeaders: (res, filePath) => {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });

      const policy = meetingPageCsp(webSdk);
      app.get('/meeting', (_request, reply) =>
        reply
          .header('content-security-policy', policy)
          // Cross-origin isolation: SharedArrayBuffer, which the SDK's gallery view needs.
          .headers(MEETING_PAGE_ISOLATION)
          .header('cache-control', 'no-cache')
          .sendFile('index.html', webRoot),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/files/') &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (serveWeb && isPage) {
        reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
        return;
      }
      const notFound = new AppError('ROUTE_NOT_FOUND');
      reply.code(notFound.statusCode).send(notFound.toBody());
    });
  },
  { name: 'web-app' },
);
