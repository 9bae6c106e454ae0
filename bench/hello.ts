// The ceiling: a Fastify server answering `{"hello":"world"}`, in its own process like ours.
// Our calls' requests per second beside its own show how close they come to the limit of
// Node and Fastify on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`hello running at ${address}`);
