/**
 * The yardstick of every HTTP bench: Fastify 5 with nothing registered but one route answering a
 * constant JSON, no logger, on 127.0.0.1:$PORT, in its own process. What the machine gives right now
 * to a Fastify server, measured in the same run as the marketplace so the ratio survives a noisy machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
