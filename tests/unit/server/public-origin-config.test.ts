// Links the server writes never follow the request's Host (issue 30 point 8): in production the
// server does not start without PUBLIC_ORIGIN; elsewhere the links name http://localhost:PORT.
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { publicOrigin, publicUrl } from '#server/lib/public-origin.ts';

test('production without PUBLIC_ORIGIN does not start, and says what to set', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: must be set/);
});

test('production with PUBLIC_ORIGIN builds every link from it', () => {
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://edu.example.com/' });
  expect(publicOrigin({ config })).toBe('https://edu.example.com');
  expect(publicUrl({ config }, '/api/calendar/x.ics')).toBe(
    'https://edu.example.com/api/calendar/x.ics',
  );
});

test('development and tests without it: http://localhost and the port', () => {
  for (const env of ['development', 'test']) {
    const config = loadConfig({ NODE_ENV: env, PORT: '4321' });
    expect(publicOrigin({ config })).toBe('http://localhost:4321');
  }
});
