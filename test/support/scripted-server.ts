/**
 * An HTTP server on loopback that answers as a test scripts it, one reply a request in order, and keeps what it was
 * asked: for the typed client's answers the local runtime does not give at will (a 429, a 503 a second time).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** A JSON body (a string as it is). */
  body?: unknown;
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Scripted {
  url: string;
  /** The replies of the next requests, in order; forgets the requests received so far. */
  script(...replies: (Reply | ((request: Received) => Reply))[]): void;
  requests: Received[];
  close(): Promise<void>;
}

export async function scriptedServer(): Promise<Scripted> {
  let queue: (Reply | ((request: Received) => Reply))[] = [];
  const requests: Received[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received = {
      method: request.method!,
      url: request.url!,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(received);
    const next = queue.shift() ?? { status: 599, body: { Notifications: [] } };
    const reply = typeof next === 'function' ? next(received) : next;
    const body =
      reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    script(...replies) {
      queue = replies;
      requests.length = 0;
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
