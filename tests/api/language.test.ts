// Each user's interface language is kept on the server: chosen once, it comes back with the
// session in every browser; only 'vi' and 'en' are accepted.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Account, createAccount, snapshot } from '../helpers/factories.ts';
import { startTestServer, TestClient, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let teacher: Account;

beforeAll(async () => {
  server = await startTestServer();
  teacher = await createAccount(server, await server.admin(), 'teacher');
});
afterAll(() => server.close());

test('a chosen language comes back with the session, in another browser too', async () => {
  expect((await teacher.client.get('/api/auth/session')).body.user.language).toBeNull();
  const saved = await teacher.client.put('/api/profile/language', { language: 'en' });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body).toMatchObject({ user: { language: 'en' }, code: 'LANGUAGE_SAVED' });
  const elsewhere = new TestClient(server.baseUrl);
  const login = await elsewhere.post('/api/auth/login', {
    email: teacher.email,
    password: teacher.password,
  });
  expect(login.body.user.language).toBe('en');
  expect((await elsewhere.get('/api/auth/session')).body.user.language).toBe('en');
  await teacher.client.put('/api/profile/language', { language: 'vi' });
  expect((await elsewhere.get('/api/auth/session')).body.user.language).toBe('vi');
});

test('another language, or none signed in, is refused and changes nothing', async () => {
  const before = await snapshot(server, ['users']);
  const french = await teacher.client.put('/api/profile/language', { language: 'fr' });
  expect(french.status).toBe(400);
  expect((await server.client().put('/api/profile/language', { language: 'en' })).status).toBe(401);
  expect(await snapshot(server, ['users'])).toEqual(before);
});
