import { Injectable, Logger } from '@nestjs/common';
import type { ClientLogLevel, CreateLogEntryDto } from './dto/create-log-entry.dto.js';

const WRITERS: Record<ClientLogLevel, 'debug' | 'log' | 'warn' | 'error' | 'fatal'> = {
  DEBUG: 'debug',
  INFO: 'log',
  WARN: 'warn',
  ERROR: 'error',
  FATAL: 'fatal',
};

/** Writes the browsers' log entries into the server's own log, tagged as coming from a client. */
@Injectable()
export class LogsService {
  private readonly logger = new Logger('ClientLog');

  record(entry: CreateLogEntryDto): void {
    const { level, message, context, metadata, timestamp } = entry;
    this.logger[WRITERS[level]](
      { client: true, context, metadata, client_timestamp: timestamp },
      message,
    );
  }
}
