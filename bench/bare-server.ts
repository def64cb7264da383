// The HTTP baseline: plain node:http answering one fixed JSON body, the ceiling any framework and database take from.
import { createServer } from 'node:http';

const port = Number(process.env.BENCH_PORT ?? 0);
const body = Buffer.from(process.env.BENCH_BODY ?? '{"status":"UP"}');

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  response.end(body);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Bare server ready on port ${port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
