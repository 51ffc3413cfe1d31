// The web app's HTML with what its first screen needs (issue 31 point 4, docs/decisions/050):
// the answers to the requests every page makes before it can show anything (the active theme,
// the center's settings, the session) and, for a signed-in visitor, the page's own first data,
// as a JSON data block the browser never runs; and the layout's and the page's scripts and
// styles as <link>s, so the browser fetches them with the entry instead of after it (the styles
// as preloads: the first paint does not wait for them; the script that needs them applies them,
// as Vite's loader does, from what is already downloaded). On a phone
// on a slow network each of those was another round trip, one after the other.
//
// The answers are the API's own: each is read by `app.inject` with the visitor's cookie, through
// the same routes, permission checks and kept answers as the browser's request would go, and
// only a success or a refusal is sent (anything else the browser asks again). HTML carrying a
// session's data is never cached (no-store, Vary: Cookie).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOT_ELEMENT_ID, type BootData } from '#common/boot-data.ts';
import type { Role } from '#common/constants.ts';
import {
  APP_FIRST_DATA,
  PAGE_FIRST_LOAD,
  SIGNED_IN_FIRST_DATA,
  SIGNED_IN_MODULES,
} from '#common/first-load.ts';
import { SESSION_COOKIE } from '#server/features/auth/sessions.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/**
 * The scripts and styles each signed-in path loads besides the entry's (which index.html names
 * already), from the build's manifest: the layout's, the texts' and the page's chunks with every
 * chunk they import, each once.
 */
export function signedInPageAssets(manifest: Manifest): Map<string, PageAssets> {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const initial = entry ? closure(entry, new Set()) : new Set<string>();
  const byPath = new Map<string, PageAssets>();
  for (const [pagePath, page] of Object.entries(PAGE_FIRST_LOAD)) {
    if (!manifest[page.module]) continue;
    const keys = new Set<string>();
    for (const root of [...SIGNED_IN_MODULES, page.module]) closure(root, keys);
    const chunks = [...keys].filter((key) => !initial.has(key)).map((key) => manifest[key]!);
    byPath.set(pagePath, {
      scripts: [...new Set(chunks.map((chunk) => chunk.file))],
      styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
    });
  }
  return byPath;
}

/** The manifest of the build in `webRoot`, or none (a build without one gets no <link>s). */
export function readManifest(webRoot: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Answers worth sending: the page reads a success or a refusal the same way as from the API. */
const keepable = (status: number) =>
  (status >= 200 && status < 300) || status === 401 || status === 403;

const normalisedPath = (url: string) => {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.replace(/\/+$/, '').toLowerCase() || '/';
};

type Answer = { status: number; body: unknown };
type Reads = (readonly [string, Answer])[];

export interface PublicAnswers {
  /** The answers every page carries (theme, center settings), read with `read` when not kept. */
  get(read: (apiPath: string) => Promise<Answer>): Promise<Reads>;
  /** They changed: the next page reads them again. */
  forget(): void;
}

/**
 * The theme and the center settings are the same for every visitor and read by every page's
 * HTML: kept, not read per page (bench:api: the login page's HTML fell from ~33,000 to ~1,100
 * requests a second while each read them through the API). Forgotten on the events that change
 * them (app.ts subscribes), and after a minute whatever happens (the browser's own copy of them
 * is as old). A read that began before a change is not kept.
 */
export function publicAnswersCache(maxAgeMs = 60_000): PublicAnswers {
  let kept: { reads: Reads; at: number } | undefined;
  let loading: Promise<Reads> | undefined;
  let generation = 0;
  return {
    get(read) {
      if (kept && Date.now() - kept.at < maxAgeMs) return Promise.resolve(kept.reads);
      if (loading) return loading;
      const started = generation;
      const load = Promise.all(
        APP_FIRST_DATA.map(async (apiPath) => [apiPath, await read(apiPath)] as const),
      ).then(
        (reads) => {
          if (loading === load) loading = undefined;
          if (started === generation && reads.every(([, answer]) => keepable(answer.status))) {
            kept = { reads, at: Date.now() };
          }
          return reads;
        },
        (error: unknown) => {
          if (loading === load) loading = undefined;
          throw error;
        },
      );
      loading = load;
      return load;
    },
    forget() {
      generation++;
      kept = undefined;
      loading = undefined;
    },
  };
}

export interface BootedPage {
  body: Buffer;
  /** The HTML holds a session's data: never cached, never shared. */
  personal: boolean;
  etag: string;
}

/**
 * index.html with the boot data and the page's <link>s for this request. `assets` maps each
 * signed-in path to what it loads (signedInPageAssets), read again with index.html.
 */
export async function bootPage(
  app: FastifyInstance,
  request: FastifyRequest,
  html: Buffer,
  assets: Map<string, PageAssets>,
  publicAnswers: PublicAnswers,
): Promise<BootedPage> {
  const cookie = request.headers.cookie;
  const signedIn = Boolean(cookie?.includes(`${SESSION_COOKIE}=`));
  const read = async (apiPath: string) => {
    const reply = await app.inject({
      method: 'GET',
      url: `/api${apiPath}`,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      remoteAddress: request.ip,
    });
    return { status: reply.statusCode, body: reply.body ? JSON.parse(reply.body) : null };
  };
  // Read at once, written in the order asked (the public page's ETag is its content's).
  const publicReads = publicAnswers.get(read);
  const reads: (readonly [string, { status: number; body: unknown }])[] = [];
  let links = '';
  if (signedIn) {
    const session = await read('/auth/session');
    reads.push(['/auth/session', session]);
    const role = (session.body as { user?: { role?: Role } } | null)?.user?.role;
    const pagePath = normalisedPath(request.url);
    const page = PAGE_FIRST_LOAD[pagePath];
    if (session.status === 200 && role && page) {
      const pageReads = [
        ...SIGNED_IN_FIRST_DATA,
        ...(page.data ?? []),
        ...(page.dataFor?.[role] ?? []),
      ];
      reads.push(
        ...(await Promise.all(
          pageReads.map(async (apiPath) => [apiPath, await read(apiPath)] as const),
        )),
      );
      const pageAssets = assets.get(pagePath);
      if (pageAssets) {
        links =
          pageAssets.styles
            .map((file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`)
            .join('') +
          pageAssets.scripts
            .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`)
            .join('');
      }
    }
  }
  reads.unshift(...(await publicReads));
  const answers: BootData['answers'] = {};
  for (const [apiPath, answer] of reads) if (keepable(answer.status)) answers[apiPath] = answer;
  const boot: BootData = { answers };
  const block = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${jsonForHtml(boot)}</script>`;
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  const body = Buffer.from(
    at < 0 ? text + block + links : text.slice(0, at) + block + links + text.slice(at),
  );
  return {
    body,
    personal: signedIn,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}
