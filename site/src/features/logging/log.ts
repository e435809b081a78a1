import { CLIENT_LOG_LEVELS, type ClientLogLevel, type LogEntryRequest } from '@leadpulse/common';
import { api } from '../../api/client';

/** Log levels, lowest to highest (member-site.md section 4); entries below INFO stay in the browser. */
export const LOG_LEVELS = CLIENT_LOG_LEVELS;
export type LogLevel = ClientLogLevel;
export const MIN_LOG_LEVEL: LogLevel = 'INFO';

export function shouldSend(level: LogLevel, minimum: LogLevel = MIN_LOG_LEVEL): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

/** Sends a log entry to POST /api/logs; failures are ignored, as the spec says. */
export function log(
  level: LogLevel,
  message: string,
  context?: string,
  metadata?: Record<string, unknown>,
): void {
  if (!shouldSend(level)) return;
  api('/logs', {
    method: 'POST',
    json: {
      timestamp: new Date().toISOString(),
      level,
      message,
      context,
      metadata,
    } satisfies LogEntryRequest,
    keepalive: true,
  }).catch(() => undefined);
}
