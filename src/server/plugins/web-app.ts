// The built web app (dist/web): hashed assets cached for a year and sent in the brotli or gzip
// form the build wrote beside each (vite.config.ts) to a browser that accepts it, index.html never
// cached, every page route the browser loads directly (a refresh on /settings) gets index.html,
// and the meeting page gets the headers its provider's browser code needs (a looser policy,
// cross-origin isolation). Registered last: it owns the not-found handler.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';

interface IndexPage {
  body: Buffer;
  etag: string;
  lastModified: string;
  mtimeMs: number;
}

/**
 * index.html from memory: it is every page's first request, and reading it from disk each time
 * cost more than the rest of the reply. Looked at again at most once a second, so a new build is
 * served without a restart. The ETag is written as @fastify/static writes it (size and mtime).
 */
function indexPageOf(webRoot: string) {
  const file = path.join(webRoot, 'index.html');
  let page: IndexPage | undefined;
  let checkedAt = 0;
  return (): IndexPage => {
    const now = Date.now();
    if (page && now - checkedAt < 1_000) return page;
    checkedAt = now;
    const stat = fs.statSync(file);
    if (!page || stat.mtimeMs !== page.mtimeMs) {
      page = {
        body: fs.readFileSync(file),
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
        mtimeMs: stat.mtimeMs,
      };
    }
    return page;
  };
}

export const webApp = fp<{ webRoot: string; meetingPageHeaders: Record<string, string> }>(
  async (app, { webRoot, meetingPageHeaders }) => {
    const serveWeb = fs.existsSync(path.join(webRoot, 'index.html'));
    const indexPage = indexPageOf(webRoot);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      const page = indexPage();
      reply
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('last-modified', page.lastModified)
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.send(page.body);
    };

    if (serveWeb) {
      await app.register(fastifyStatic, {
        root: webRoot,
        prefix: '/',
        // '/' is index.html from memory, below.
        index: false,
        serveDotFiles: false,
        // file.js.br or file.js.gz when the browser accepts it and the build wrote it (a phone on
        // a slow network: ~4× fewer bytes); the file itself otherwise.
        preCompressed: true,
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
      app.get('/', sendIndex);

      app.get('/meeting', (request, reply) => {
        reply.headers(meetingPageHeaders);
        return sendIndex(request, reply);
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/files/') &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (serveWeb && isPage) return sendIndex(request, reply);
      const notFound = new AppError('ROUTE_NOT_FOUND');
      return reply.code(notFound.statusCode).send(notFound.toBody());
    });
  },
  { name: 'web-app' },
);
