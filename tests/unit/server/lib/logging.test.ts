import { describe, expect, test } from 'vitest';
import {
  formatLogLine,
  isStaticFileRequest,
  loggedPath,
  loggerOptions,
  withoutPathSecrets,
} from '#server/lib/logging.ts';

const at = new Date(2026, 10, 24, 14, 3, 7).getTime();

describe('the readable form of a log line', () => {
  test('an answered request is one line: time, level, method, path, status, duration', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'req-7',
      req: { method: 'GET', url: '/api/classes' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(json)).toBe('14:03:07 INFO  GET /api/classes 200 12 ms [req-7]\n');
  });

  test('a warning keeps its fields as key=value and the error message, without the stack', () => {
    const json = JSON.stringify({
      level: 40,
      time: at,
      msg: 'could not ask the provider whether a meeting still runs',
      scheduleId: 'abc',
      err: { type: 'Error', message: 'connect ECONNREFUSED', stack: 'Error: x\n    at y' },
    });
    expect(formatLogLine(json)).toBe(
      '14:03:07 WARN  could not ask the provider whether a meeting still runs err="connect ECONNREFUSED" scheduleId=abc\n',
    );
  });

  test("an error's stack follows on indented lines", () => {
    const json = JSON.stringify({
      level: 50,
      time: at,
      msg: 'unhandled error',
      err: {
        message: 'boom',
        stack: 'Error: boom\n    at handler (a.ts:1:1)\n    at run (b.ts:2:2)',
      },
    });
    expect(formatLogLine(json)).toBe(
      '14:03:07 ERROR unhandled error err=boom\n    at handler (a.ts:1:1)\n    at run (b.ts:2:2)\n',
    );
  });

  test('colours only when asked, and a line that is not JSON passes as it is', () => {
    const json = JSON.stringify({ level: 30, time: at, msg: 'ready' });
    expect(formatLogLine(json, false)).not.toContain('\u001b[');
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });
});

describe('which form the log takes', () => {
  const lines: string[] = [];
  const destination = { write: (line: string) => lines.push(line) };

  test('JSON when the output is not a terminal, readable lines when it is', () => {
    const json = loggerOptions({ level: 'info', terminal: false, destination });
    expect(json.disableRequestLogging).toBe(true);
    expect(json.logger).toMatchObject({ level: 'info' });
    const jsonStream = (json.logger as { stream: { write(line: string): void } }).stream;
    jsonStream.write('{"level":30,"msg":"ready"}\n');
    expect(lines.at(-1)).toBe('{"level":30,"msg":"ready"}\n');

    const readable = loggerOptions({ level: 'debug', terminal: true, destination });
    const stream = (readable.logger as { stream: { write(line: string): void } }).stream;
    expect(stream).not.toBe(destination);
    stream.write(`${JSON.stringify({ level: 30, time: at, msg: 'ready' })}\n`);
    expect(lines.at(-1)).toMatch(/^14:03:07 .*INFO.* ready\n$/);
  });

  test("LOG_LEVEL 'silent' turns the logger off", () => {
    expect(loggerOptions({ level: 'silent', terminal: true }).logger).toBe(false);
  });

  test('the API is not a static file; pages, assets and uploaded pictures are', () => {
    expect(isStaticFileRequest('/api/classes?page=2')).toBe(false);
    expect(isStaticFileRequest('/assets/index-abc.js')).toBe(true);
    expect(isStaticFileRequest('/settings')).toBe(true);
    expect(isStaticFileRequest('/files/logo.png')).toBe(true);
  });
});

describe('what a logged path keeps', () => {
  test('no query string, and no calendar feed token (a credential to the lessons)', () => {
    expect(loggedPath('/api/classes?q=lan&page=2')).toBe('/api/classes');
    expect(loggedPath('/api/calendar/3f9a1c0d2b8e4a7f9e1d.ics')).toBe('/api/calendar/…');
    expect(loggedPath('/api/calendar/3f9a1c0d2b8e4a7f9e1d.ics?x=1')).toBe('/api/calendar/…');
    expect(loggedPath('/dashboard')).toBe('/dashboard');
  });

  test('the token stays out however the path is written (issue 30 finding 3)', () => {
    for (const path of [
      '/%61pi/calendar/3f9a1c0d2b8e4a7f9e1d.ics',
      '/api/%63alendar/3f9a1c0d2b8e4a7f9e1d.ics',
      '//api//calendar/3f9a1c0d2b8e4a7f9e1d.ics',
      '/API/Calendar/3f9a1c0d2b8e4a7f9e1d.ics/',
      '/api/calendar/3f9a1c0d2b8e4a7f9e1d.ics/more',
    ]) {
      expect(loggedPath(path), path).toBe('/api/calendar/…');
    }
  });

  test('a secret path written in any line (an error message, a stack) is cut out', () => {
    const lines: string[] = [];
    const destination = withoutPathSecrets({ write: (line) => lines.push(line) });
    destination.write(
      '{"msg":"failed","err":{"message":"GET /api/calendar/3f9a1c0d2b8e4a7f9e1d.ics: boom"}}\n',
    );
    destination.write('{"msg":"see http://x.test/api//calendar/abcDEF_-123?class=1"}\n');
    expect(lines.join('')).not.toMatch(/3f9a1c0d2b8e4a7f9e1d|abcDEF_-123/);
    expect(lines[0]).toContain('/api/calendar/…: boom');
  });
});
