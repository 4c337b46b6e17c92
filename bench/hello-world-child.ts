// The baseline of the read-path benchmark (bench reads): a bare Fastify hello world in its own process on a
// loopback port. It sends `{ port }` to the parent once listening and exits when the parent closes the IPC channel.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('disconnect', () => process.exit(0));
