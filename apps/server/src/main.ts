import { buildServer } from './app.ts';

const port = Number(process.env['PORT'] ?? 4600);
const host = process.env['HOST'] ?? '127.0.0.1';

const app = await buildServer({ logger: process.env['LOG'] !== 'off' });
await app.listen({ port, host });
process.stdout.write(`\nPlattform läuft: http://localhost:${port}/\n\n`);
