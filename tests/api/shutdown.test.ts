import { expect, test } from 'vitest';
import { openEventStream } from '../helpers/event-stream.ts';
import { startTestServer } from '../helpers/test-server.ts';

test('the server shuts down promptly while browsers hold event streams open', async () => {
  const server = await startTestServer();
  const admin = await server.admin();
  const stream = await openEventStream(server.baseUrl, admin.cookie);
  await stream.next('ready');
  const started = Date.now();
  await server.close();
  expect(Date.now() - started).toBeLessThan(5_000);
  await stream.ended;
});
