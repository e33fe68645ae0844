// The reference the registrations bench compares us with: a bare Node HTTP server that reads the
// same JSON body, parses it and answers 201 with it (plus an id and a time), storing nothing.
// What "a bare Node server parsing the same JSON" answers per second is the ceiling our own
// POST /api/registrations is judged against (PRODUCT.md: at least half of it, durably).
// Usage: node test/load/bare-json-server.mjs PORT
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end('{"ok":true}');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"error":"bad json"}');
      return;
    }
    const answer = JSON.stringify({
      ...body,
      id: randomUUID(),
      created_at: new Date().toISOString(),
    });
    response.writeHead(201, {
      'content-type': 'application/json; charset=utf-8',
    });
    response.end(answer);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
