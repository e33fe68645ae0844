// The Graph API stand-in alone in a process, run by graph-api-process.ts: it notes when each send
// arrives and answers a control request with those times and the sends' recipients.
import { createServer } from 'node:http';
import { startTestGraphApi } from './graph-api.ts';

const graph = await startTestGraphApi();
const arrivals: number[] = [];
graph.beforeAnswer(async () => {
  arrivals.push(Date.now());
});
const control = createServer((_request, response) => {
  const sent = graph.requests.filter((request) => request.wamid);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ arrivals, recipients: sent.map((request) => request.body.to) }));
});
control.listen(0, '127.0.0.1', () => {
  const address = control.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(
    `${JSON.stringify({ url: graph.url, control: `http://127.0.0.1:${port}` })}\n`,
  );
});
process.on('disconnect', () => process.exit(0));
