// The framework's own ceiling: a bare Fastify route returning a constant, nothing else, listening
// as the app does (src/server/http/listen.ts).
import Fastify from 'fastify';
import { listen } from '#server/http/listen.ts';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ ok: true }));
const port = Number(process.argv[2] ?? 0);
const { address } = await listen(app, { port, host: '127.0.0.1', acceptors: 32 });
process.stdout.write(`${address}\n`);
