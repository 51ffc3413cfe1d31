// The framework's own ceiling: a bare Fastify route returning a constant, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ ok: true }));
const port = Number(process.argv[2] ?? 0);
const address = await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
