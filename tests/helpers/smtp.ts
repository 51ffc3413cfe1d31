// A real SMTP server on a free loopback port, started by a test (smtp-server): what arrives is
// kept raw, with its envelope, and read without a mail parser (headers, the MIME parts, quoted-
// printable undone). A test can make it refuse recipients (`refuse`) to see the app retry.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded headers, lower-case names (the first of each). */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain and text/html parts, decoded. */
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  host: string;
  received: ReceivedMail[];
  /** Set: RCPT TO is refused with this message (a 4xx/5xx reply). */
  refuse: string | null;
  /** Users and passwords it accepts; empty: no AUTH asked. */
  users: Map<string, string>;
  /** Resolves when `count` messages in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset, enc, text) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_m: string, h: string) =>
              String.fromCharCode(Number.parseInt(h, 16)),
            ),
          'latin1',
        ).toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The leaf parts of a MIME message, by content type. */
function partsOf(raw: string): { type: string; body: string }[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => partsOf(part.replace(/^\r?\n/, '')));
  }
  return [
    {
      type: type.split(';')[0]!.trim().toLowerCase(),
      body: decodeBody(body, headers['content-transfer-encoding']),
    },
  ];
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const parts = partsOf(raw);
  return {
    ...envelope,
    raw,
    headers,
    subject: headers.subject ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestSmtp = {
    port: 0,
    host: '127.0.0.1',
    received,
    refuse: null,
    users: new Map(),
    async waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return received;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} e-mails arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      return received;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (state.users.get(auth.username ?? '') === auth.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        callback(Object.assign(new Error(state.refuse), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        for (const waiter of [...waiters]) {
          if (received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}

/** The Settings → Notifications body that points the app at this server. */
export const smtpSettingsBody = (smtp: TestSmtp, extra: Record<string, unknown> = {}) => ({
  host: smtp.host,
  port: smtp.port,
  security: 'none',
  username: null,
  from_address: 'center@edu.test',
  from_name: 'Edu Center',
  ...extra,
});
