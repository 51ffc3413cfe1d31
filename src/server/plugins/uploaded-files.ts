// Uploaded images (avatars, logos) under /files/: only names the server itself gave, never
// anything a browser could run.
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const uploadedFiles = fp<{ root: string }>(
  async (app, { root }) => {
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      list: false,
      serveDotFiles: false,
      allowedPath: (pathName) => /\.(jpg|png|webp|gif)$/.test(pathName),
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => {
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'; sandbox");
      },
    });
  },
  { name: 'uploaded-files' },
);
