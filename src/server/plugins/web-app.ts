// The built web app (dist/web): hashed assets cached for a year and sent in the brotli or gzip
// form the build wrote beside each (vite.config.ts) to a browser that accepts it, index.html never
// cached, every page route the browser loads directly (a refresh on /settings) gets index.html,
// and the meeting page gets the headers its provider's browser code needs (a looser policy,
// cross-origin isolation). Registered last: it owns the not-found handler.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT } from '#common/events.ts';
import { AppError } from '#server/errors.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import {
  bootPage,
  type PageAssets,
  publicAnswersCache,
  readManifest,
  signedInPageAssets,
} from './web-boot.ts';

interface IndexPage {
  body: Buffer;
  mtimeMs: number;
  /** What each signed-in path loads besides the entry, from the same build's manifest. */
  assets: Map<string, PageAssets>;
}

/**
 * index.html (and the build's manifest) from memory: it is every page's first request, and
 * reading it from disk each time cost more than the rest of the reply. Looked at again at most
 * once a second, so a new build is served without a restart.
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
      const manifest = readManifest(webRoot);
      page = {
        body: fs.readFileSync(file),
        mtimeMs: stat.mtimeMs,
        assets: manifest ? signedInPageAssets(manifest) : new Map(),
      };
    }
    return page;
  };
}

/** Brotli at a middle quality: a few KB in well under a millisecond. */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body, { level: 6 });
}

export const webApp = fp<{
  webRoot: string;
  meetingPageHeaders: Record<string, string>;
  events: EventHub;
}>(
  async (app, { webRoot, meetingPageHeaders, events }) => {
    const serveWeb = fs.existsSync(path.join(webRoot, 'index.html'));
    const indexPage = indexPageOf(webRoot);
    // The HTML carries the first screen's data (web-boot.ts): a visitor's own is never stored;
    // the public kind (theme, center settings) is revalidated by its content's ETag. Compressed
    // (the data make it ~8 KB): the public kind once per content, a visitor's own each time.
    let publicCompressed: { etag: string; br: Buffer; gzip: Buffer } | undefined;
    const publicAnswers = publicAnswersCache();
    const unsubscribe = events.subscribe((event) => {
      if (event.type === EVENT.centerSettings || event.type === EVENT.theme) publicAnswers.forget();
    });
    app.addHook('onClose', async () => unsubscribe());
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = indexPage();
      const booted = await bootPage(app, request, page.body, page.assets, publicAnswers);
      reply.type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
      if (booted.personal) reply.header('cache-control', 'no-store');
      else {
        reply.header('cache-control', 'no-cache').header('etag', booted.etag);
        if (request.headers['if-none-match'] === booted.etag) return reply.code(304).send();
      }
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted)
        ? 'br'
        : /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
      if (!encoding) return reply.send(booted.body);
      let compressed: Buffer;
      if (booted.personal) compressed = compress(booted.body, encoding);
      else {
        if (publicCompressed?.etag !== booted.etag) {
          publicCompressed = {
            etag: booted.etag,
            br: compress(booted.body, 'br'),
            gzip: compress(booted.body, 'gzip'),
          };
        }
        compressed = publicCompressed[encoding];
      }
      return reply.header('content-encoding', encoding).send(compressed);
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
