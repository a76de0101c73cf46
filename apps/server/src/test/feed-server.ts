import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the local feed server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export type FeedHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  requests: SeenRequest[];
  /** Serves `path` with the handler (replacing an earlier one). */
  route(path: string, handler: FeedHandler): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for publishers' feeds: tests give each path a
 * handler and read back the requests it received (method, path, headers).
 */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedHandler>();
  const requests: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    const handler = routes.get(path.split('?')[0] ?? path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a fixed body and content type. */
export function serve(
  body: string | Buffer,
  contentType = 'application/rss+xml; charset=utf-8',
): FeedHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(body);
  };
}
