// A server that stands at a service's address and counts what reaches it (HTTP requests and socket upgrades),
// answering 503 and closing upgrades: for tests that show a mode sends nothing to that service.
import { createServer } from 'node:http';
import { freePort } from './services.ts';

export interface CountingServer {
  url: string;
  port: number;
  /** 'METHOD /path' or 'UPGRADE /path', in order of arrival. */
  requests: string[];
  close(): Promise<void>;
}

export async function startCountingServer(): Promise<CountingServer> {
  const port = await freePort();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(503).end();
  });
  server.on('upgrade', (req, socket) => {
    requests.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  let closed: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => {
      closed ??= new Promise<void>((r) => server.close(() => r()));
      return closed;
    },
  };
}
