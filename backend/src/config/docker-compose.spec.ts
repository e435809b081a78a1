import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import {
  ConfigError,
  EnvironmentVariables,
  parseEnvironment,
  PRODUCTION_REQUIRES,
} from './environment.js';

/** The `app` service's environment in docker-compose.yml, read line by line (no YAML parser here). */
function composeAppEnvironment(): Map<string, string> {
  const lines = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8').split(
    '\n',
  );
  const app = lines.indexOf('  app:');
  const start = lines.indexOf('    environment:', app);
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

describe('docker-compose.yml', () => {
  const environment = composeAppEnvironment();

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
