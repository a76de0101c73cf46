import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from './errors.ts';

const API_PATH = /^\/(api|health)(\/|$|\?)/;
/** Source maps are never served, even when a build left some in the folder. */
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built web app from `webDist` when it exists. Unknown GET paths outside the API get
 * index.html so the client-side router can take them; everything else gets the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      cacheControl: false,
      allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const pathName = request.url.split('?')[0]!;
    if (hasSpa && wantsPage && !API_PATH.test(request.url) && !SOURCE_MAP.test(pathName)) {
      return reply.sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
  return hasSpa;
}
