import { pino, type DestinationStream, type Level } from 'pino';

interface Printed {
  links: string[];
  unsubscribe?: string;
}

/** The links each e-mail printed when it was delivered without a provider, by e-mail id. */
const printed = new Map<string, Printed>();

/**
 * Where the test apps log. Without a provider, a delivered e-mail's links are printed to the log
 * (outside production), and the outbox keeps them masked: like a developer, the tests read the
 * links there. Lines at or above `echoLevel` (TEST_LOG_LEVEL) are echoed to standard output, and
 * every line goes to `onLine` for tests that check what was logged.
 */
export function mailboxLogger(echoLevel?: string, onLine?: (entry: { level: number }) => void) {
  const echoAt = echoLevel ? (pino.levels.values[echoLevel] ?? Infinity) : Infinity;
  const destination: DestinationStream = {
    write(line: string) {
      const entry = JSON.parse(line) as { level: number; email_id?: string } & Partial<Printed>;
      if (entry.email_id && entry.links)
        printed.set(entry.email_id, { links: entry.links, unsubscribe: entry.unsubscribe });
      if (entry.level >= echoAt) process.stdout.write(line);
      onLine?.(entry);
    },
  };
  const level: Level = echoAt < pino.levels.values.info ? (echoLevel as Level) : 'info';
  return pino({ level }, destination);
}

/** What a delivered e-mail printed, once it has been delivered. */
export function printedLinks(emailId: string): Printed | undefined {
  return printed.get(emailId);
}
