import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import {
  ConfigError,
  EnvironmentVariables,
  parseEnvironment,
  PRODUCTION_REQUIRES,
} from './environment.js';

/** A service's environment in docker-compose.yml, read line by line (no YAML parser here). */
function composeEnvironment(service: string): Map<string, string> {
  const lines = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8').split(
    '\n',
  );
  const app = lines.findIndex((line) => line.startsWith(`  ${service}:`));
  const start = lines.findIndex(
    (line, index) => index > app && line.startsWith('    environment:'),
  );
  const variables = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const match = /^ {6}([A-Z0-9_]+): (.*)$/.exec(line);
    if (!match) break;
    variables.set(match[1], match[2].replace(/^'(.*)'$/, '$1'));
  }
  return variables;
}

const settings = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(EnvironmentVariables, '', true, false)
      .map((metadata) => metadata.propertyName),
  ),
];
// An empty default (`${NAME:-}`) counts as unset, so production would refuse to start.
const providesValue = (value: string) => value !== '' && !/^\$\{\w+:-\}$/.test(value);

// The one app, and the first of the `scaled` profile's two replicas (the second repeats it with
// its own INSTANCE_ID).
describe.each(['app', 'app-1'])('docker-compose.yml, service %s', (service) => {
  const environment = composeEnvironment(service);

  it('runs the app in production', () => {
    expect(environment.get('NODE_ENV')).toBe('production');
  });

  it('checks against exactly the settings production refuses to start without', () => {
    let missing: string[] = [];
    try {
      parseEnvironment({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_abc123' });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      missing = error.problems.map((problem) => problem.split(' ')[0]);
    }
    expect([...missing, 'STRIPE_SECRET_KEY'].sort()).toEqual([...PRODUCTION_REQUIRES].sort());
  });

  it('passes every setting production requires, each with a value or a guard', () => {
    for (const name of PRODUCTION_REQUIRES) {
      const value = environment.get(name) ?? '';
      expect({ name, provided: providesValue(value) }).toEqual({ name, provided: true });
    }
  });

  it('asks for every Stripe price, since a real account has none of the sandbox’s ids', () => {
    const prices = settings.filter((name) => name.startsWith('STRIPE_PRICE_'));
    expect(prices).toHaveLength(4);
    for (const name of prices)
      expect({ name, value: environment.get(name) }).toEqual({
        name,
        value: expect.stringMatching(new RegExp(`^\\$\\{${name}:\\?.+\\}$`)),
      });
  });

  it('passes only settings the backend reads', () => {
    expect(environment.size).toBeGreaterThan(0);
    for (const name of environment.keys()) expect(settings).toContain(name);
  });
});

describe('docker-compose.yml, the scaled profile', () => {
  const replica = composeEnvironment('app-1');

  it('gives its replicas what several instances share, and one proxy hop to trust', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'MFA_ENCRYPTION_KEY'])
      expect({ name, set: replica.has(name) }).toEqual({ name, set: true });
    expect(replica.get('TRUST_PROXY')).toBe('1');
    expect(replica.get('INSTANCE_ID')).toBe('app-1');
    expect(
      parseEnvironment({ TRUST_PROXY: replica.get('TRUST_PROXY'), INSTANCE_ID: 'app-1' }),
    ).toMatchObject({
      TRUST_PROXY: 1,
      INSTANCE_ID: 'app-1',
    });
  });

  it('names the second replica apart', () => {
    const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');
    expect(compose).toMatch(
      / {2}app-2:\n {4}<<: \*replica\n {4}environment:\n {6}<<: \*replica-environment\n {6}INSTANCE_ID: app-2\n/,
    );
  });
});
