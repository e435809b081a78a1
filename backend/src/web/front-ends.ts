import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSitePath } from '@leadpulse/common';

interface FrontEnd {
  prefix: string;
  root: string;
  /** Whether the front end has a page at a path; any other path gets its page with status 404. */
  knows?: (path: string) => boolean;
}

/** The built site at `/` and the built admin at `/admin/`, resolved from this file's place in the repo. */
export const FRONT_ENDS: FrontEnd[] = [
  { prefix: '/admin/', root: fileURLToPath(new URL('../../../admin/dist/', import.meta.url)) },
  {
    prefix: '/',
    root: fileURLToPath(new URL('../../../site/dist/', import.meta.url)),
    knows: isSitePath,
  },
];

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Security headers that act on a document only; nosniff and the resource policy stay on all. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const REVALIDATE = 'no-cache';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Serves each built front end with long-lived caching for its hashed assets, and returns the
 * not-found fallback that answers a client-side route (no file extension) with its index.html,
 * or with its shell.html when it has one: the site's index.html holds the landing page rendered
 * at build time, which belongs at `/` only. A path the front end does not know gets the same page
 * (its router shows the not-found page) with status 404, so that crawlers and checkers see it too.
 */
export async function serveFrontEnds(
  app: NestFastifyApplication,
  frontEnds = FRONT_ENDS,
): Promise<NotFoundFallback> {
  const indexes: { prefix: string; html: string; knows?: (path: string) => boolean }[] = [];
  for (const [position, { prefix, root, knows }] of frontEnds.entries()) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: position === 0,
      cacheControl: false,
      // The build writes brotli and gzip copies beside each text file (scripts/precompress.mjs).
      preCompressed: true,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        const asset = path.includes('/assets/');
        void reply.header('cache-control', asset ? IMMUTABLE : REVALIDATE);
        // A page's policies govern the document, not the scripts and styles it loads: a landing
        // page fetches some thirty of these, and the headers would add 20 KB to what it receives.
        if (asset) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
    const page = [`${root}/shell.html`, `${root}/index.html`].find((path) => existsSync(path));
    if (page) indexes.push({ prefix, html: readFileSync(page, 'utf8'), knows });
  }

  return (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (path === '/api' || path.startsWith('/api/') || extname(path) !== '') return false;
    const match = indexes.find(({ prefix }) => path.startsWith(prefix) || `${path}/` === prefix);
    if (!match) return false;
    void reply
      .status(!match.knows || match.knows(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .send(match.html);
    return true;
  };
}
