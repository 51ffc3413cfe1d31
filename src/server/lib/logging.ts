// The server's log (issue 26 point 8, docs/decisions/027): JSON lines for a log collector
// (journald, a container runtime), one readable line per event when a person watches a terminal.
// pino-pretty is not a dependency: the terminal form is the small formatter below, fed by pino's
// own JSON lines. Requests are logged once, when answered; a static file (the built web app's
// pages and assets) only at 'debug', so a page load is not forty lines.
import { styleText } from 'node:util';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where pino writes its lines: process.stdout, or a test's collector. */
export interface LogDestination {
  write(line: string): unknown;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_STYLES: Record<number, Parameters<typeof styleText>[0]> = {
  10: 'gray',
  20: 'gray',
  30: 'green',
  40: 'yellow',
  50: 'red',
  60: ['bgRed', 'white'],
};

// Fields every line has, or that the formatter has already put in the line's words.
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * One of pino's JSON lines as a person reads it:
 * `14:03:07 INFO  GET /api/classes 200 12 ms [req-7]`, or
 * `14:03:09 WARN  the lesson reminder run failed; the next one retries err="connect ECONNREFUSED"`.
 * An error's stack follows on indented lines (the one case of more than one line). A line that
 * is not JSON is passed on as it is.
 */
export function formatLogLine(json: string, colours = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = Number(record.level);
  const time = new Date(Number(record.time) || Date.now()).toTimeString().slice(0, 8);
  const levelName = (LEVEL_NAMES[level] ?? String(record.level)).padEnd(5);
  const words: string[] = [
    time,
    colours ? styleText(LEVEL_STYLES[level] ?? 'reset', levelName) : levelName,
  ];

  const request = record.req as { method?: string; url?: string } | undefined;
  const reply = record.res as { statusCode?: number } | undefined;
  const fields = { ...record };
  if (request && reply && typeof record.responseTime === 'number') {
    words.push(
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(record.responseTime)} ms`,
    );
    delete fields.req;
    delete fields.res;
    delete fields.responseTime;
  } else if (record.msg !== undefined) {
    words.push(String(record.msg));
  }

  let stack: string | undefined;
  const error = fields.err as { message?: string; stack?: string; type?: string } | undefined;
  if (error && typeof error === 'object') {
    words.push(`err=${fieldText(error.message ?? error.type ?? 'error')}`);
    if (level >= 50 && error.stack) stack = error.stack;
    delete fields.err;
  }
  for (const [key, value] of Object.entries(fields)) {
    if (!SHOWN_ELSEWHERE.has(key) && value !== undefined) words.push(`${key}=${fieldText(value)}`);
  }
  if (record.reqId !== undefined)
    words.push(colours ? styleText('gray', `[${record.reqId}]`) : `[${record.reqId}]`);

  const line = words.join(' ');
  const rest = stack
    ? `\n${stack
        .split('\n')
        .slice(1)
        .map((frame) => `    ${frame.trim()}`)
        .join('\n')}`
    : '';
  return `${line}${rest}\n`;
}

/** A destination that turns each JSON line into the terminal form before writing it. */
export function readableLines(destination: LogDestination, colours: boolean): LogDestination {
  return { write: (line: string) => destination.write(formatLogLine(line, colours)) };
}

/**
 * Fastify's logger: at `level`, JSON to `destination`, or the readable form when it is a terminal.
 * Fastify's own two lines per request are replaced by `logAnsweredRequest`.
 */
export function loggerOptions(options: {
  level: LogLevel;
  terminal: boolean;
  destination?: LogDestination;
}): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  if (options.level === 'silent') return { logger: false, disableRequestLogging: true };
  // Every line, whatever wrote it (a request's line, an error's message or stack), loses the
  // secrets a path can hold before it is written (issue 30 finding 3).
  const destination = withoutPathSecrets(options.destination ?? process.stdout);
  return {
    disableRequestLogging: true,
    logger: {
      level: options.level,
      stream: options.terminal
        ? readableLines(destination, options.terminal && !process.env.NO_COLOR)
        : destination,
      // Query strings can carry short-lived credentials, and a calendar feed's path is one (its
      // token): log paths only, the feed's token left out.
      serializers: {
        req: (req) => ({ method: req.method, url: loggedPath(req.url) }),
      },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
    },
  };
}

/**
 * The API paths whose next part is a secret: a calendar feed's token (the URL is the only key).
 * Password reset links carry theirs after '#', which never reaches the server; webhooks and
 * meeting keys carry theirs in headers and bodies, which are never logged.
 */
const SECRET_PATH_PREFIXES = ['/api/calendar/'];

/** Each %XX as the byte it stands for (enough to compare ASCII), the rest as it is. */
const percentDecoded = (path: string) =>
  path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * A request's path as logged: no query string, and no secret however the path is written
 * (/%61pi/calendar/…, //api/calendar/…, /API/… all reach or aim at the feed).
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const comparable = percentDecoded(path)
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  const prefix = SECRET_PATH_PREFIXES.find((p) => comparable.startsWith(p));
  return prefix ? `${prefix}…` : path;
}

// A secret path written out anywhere in a line (an error's message, a stack, a field).
const SECRET_IN_TEXT = /(\/api\/+calendar\/+)[\w.%~-]+/gi;

/** A destination that writes each line with any secret path's secret replaced by '…'. */
export function withoutPathSecrets(destination: LogDestination): LogDestination {
  return { write: (line: string) => destination.write(line.replace(SECRET_IN_TEXT, '$1…')) };
}

/** Whether a request is for a file (the web app's pages, scripts, images, uploaded pictures). */
export function isStaticFileRequest(url: string): boolean {
  return !url.startsWith('/api/');
}

/**
 * A read the server made itself for a page's HTML (plugins/web-boot.ts, through app.inject): part
 * of the page, which is not logged either. light-my-request marks the requests it makes; nothing
 * arriving over the network carries the mark.
 */
function isPageBootRead(request: FastifyRequest): boolean {
  return '_lightMyRequest' in request.raw;
}

/** The one line of an answered request: 'info' for the API, 'debug' for static files. */
export function logAnsweredRequest(request: FastifyRequest, reply: FastifyReply): void {
  const level = isStaticFileRequest(request.url) || isPageBootRead(request) ? 'debug' : 'info';
  request.log[level](
    { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
    'request completed',
  );
}
