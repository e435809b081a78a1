// The baseline of the health scenario: a bare Fastify server doing the same database ping as
// GET /api/health/database (a pg pool of the product's size) and answering the same JSON.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const startedAt = Date.now();
const app = Fastify({ logger: false });

app.get('/api/health/database', async (_request, reply) => {
  const started = Date.now();
  try {
    await pool.query('SELECT 1');
    return {
      status: 'healthy',
      checks: { database: { status: 'healthy', responseTime: Date.now() - started } },
      version: '1.0.0',
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      timestamp: new Date().toISOString(),
    };
  } catch {
    return reply.status(503).send({ status: 'unhealthy' });
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
