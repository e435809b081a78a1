import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppException } from './app.exception.js';

const src = fileURLToPath(new URL('../', import.meta.url));

const sources = (readdirSync(src, { recursive: true }) as string[]).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
);

/**
 * Codes whose message names the thing or the step (a 404 names what was not found, a refused
 * field says what is wrong with it, a Stripe failure which call failed), built by one helper.
 */
const CONTEXTUAL_CODES = new Set([
  'not_found',
  'validation_failed',
  'stripe_failed',
  'too_many_requests',
]);

/**
 * Codes the API has always answered with more than one text, each word for word a spec's text:
 * pinned here, so that a code cannot gain another text without this list saying so.
 */
const SHARED_CODES: Record<string, string[]> = {
  unauthorized: ['You need to sign in first.', 'A valid metrics token is required.'],
  forbidden: [
    "You don't have permission to access the admin portal.",
    'You do not have permission to do this.',
  ],
  invalid_token: [
    'This confirmation link is invalid or has expired. Please request a new one.',
    'Invalid password reset link. Please try requesting a new one.',
    'This link is invalid or has expired.',
  ],
  weak_password: ['*', 'This password is too common. Please choose another one.'],
  profile_not_found: [
    'Your profile could not be found.',
    'We could not find your profile. Please contact support.',
  ],
  already_subscribed: [
    'You already have a subscription. Change your plan instead.',
    'This email is already on the list.',
    '*',
  ],
  no_subscription: [
    'You have no subscription to change yet.',
    '*',
    'This user has no subscription to change.',
    'This subscription has been cancelled.',
  ],
  not_cancelled: [
    'Your subscription is not set to end.',
    'This subscription is active and not scheduled to cancel.',
  ],
  invalid_csv: ['The file is not valid CSV.', 'The CSV needs an email column.'],
  invalid_signature: [
    'The event signature is not valid.',
    'The Stripe signature is missing or does not match.',
  ],
  user_deleted: [
    'This account has been deleted: only its history can be viewed.',
    'This account has been deleted.',
  ],
  not_refundable: [
    'Only a successful payment can be refunded.',
    'This payment has been refunded in full.',
  ],
};

/** Every failure the catalogues (`*.errors.ts`) declare, as code and message. */
async function declared(): Promise<{ where: string; code: string; message: string }[]> {
  const found: { where: string; code: string; message: string }[] = [];
  for (const file of sources.filter((each) => each.endsWith('.errors.ts'))) {
    const module = (await import(`${src}${file}`)) as Record<string, unknown>;
    for (const [name, catalogue] of Object.entries(module)) {
      if (typeof catalogue !== 'object' || catalogue === null) continue;
      for (const [key, entry] of Object.entries(catalogue)) {
        if (typeof entry !== 'function') continue;
        // A message built from its arguments is contextual: its code must say so above.
        const [first, second] = [entry('a', 'a'), entry('b', 'b')] as unknown[];
        if (!(first instanceof AppException) || !(second instanceof AppException)) continue;
        const message = (first.getResponse() as { message: string }).message;
        const varies = message !== (second.getResponse() as { message: string }).message;
        found.push({
          where: `${file} ${name}.${key}`,
          code: first.code,
          message: varies ? '*' : message,
        });
      }
    }
  }
  return found;
}

describe('error catalogues', () => {
  it('give each code one text, but for the contextual and the pinned shared ones', async () => {
    const failures = await declared();
    expect(failures.length).toBeGreaterThan(50);
    const texts = new Map<string, Set<string>>();
    for (const { code, message } of failures)
      texts.set(code, (texts.get(code) ?? new Set()).add(message));
    const problems: string[] = [];
    for (const [code, messages] of texts) {
      if (CONTEXTUAL_CODES.has(code)) continue;
      const expected = SHARED_CODES[code];
      if (
        expected
          ? messages.size !== expected.length ||
            [...messages].some((message) => !expected.includes(message))
          : messages.size > 1
      )
        problems.push(`${code}: ${[...messages].join(' | ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('are the only place a coded error is made, outside the shared helpers of common/', () => {
    const inline = sources
      .filter((file) => !file.endsWith('.errors.ts') && !file.startsWith('common/'))
      .flatMap((file) =>
        readFileSync(`${src}${file}`, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /new AppException\(/.test(line) ? [`${file}:${index + 1}`] : [],
          ),
      );
    expect(inline).toEqual([]);
  });
});
