/** Node's socket errors that mean the database server cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's SQLSTATEs for a server that is shutting down, starting or full. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says when a connection dies or cannot be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'connection is insecure',
];

/**
 * Whether an error means "the database cannot be reached right now" (the request may succeed
 * if retried) rather than a fault in the request or the code: such requests answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; driverError?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    current = candidate.driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether PostgreSQL refused a text longer than its column (SQLSTATE 22001). Request fields are
 * bounded by their DTOs, but class-validator's lengths do not count some characters (variation
 * selectors) that PostgreSQL does: such a request is refused as invalid, not answered 500.
 */
export function isValueTooLong(error: unknown): boolean {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return candidate?.code === '22001' || candidate?.driverError?.code === '22001';
}
