// The baseline of the read-path benchmark (bench reads): a bare Fastify hello world in its own process on a
// loopback port. It sends `{ port }` to the parent once listening and exits when the parent closes the IPC channel.
// Plain JavaScript run by plain node, as the product's built server is: under tsx (`--import tsx`) the same server
// spent 21–23 µs of CPU per request against 16–18 µs without it, which made the baseline a quarter slower than a
// bare hello world and every call's share look better than it is.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: app.server.address().port });
process.on('disconnect', () => process.exit(0));
