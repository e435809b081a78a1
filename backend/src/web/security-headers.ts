import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';

/**
 * The security headers every answer carries, as Helmet sets them for this configuration. They do
 * not depend on the request (no nonces), so Helmet runs once at start and each answer gets the
 * result: running its middleware on every request cost a tenth of the simplest routes' time, and
 * @fastify/helmet even builds the middleware again per request (bench/RESULTS.md).
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  // Served over plain HTTP, an upgrade to HTTPS (or HSTS) would leave every other host a blank page.
  const https = new URL(config.appUrl).protocol === 'https:';
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) and Swagger UI inject style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: [
          "'self'",
          'blob:',
          ...(config.demoVideoUrl ? [new URL(config.demoVideoUrl).origin] : []),
        ],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        ...(https ? {} : { upgradeInsecureRequests: null }),
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
