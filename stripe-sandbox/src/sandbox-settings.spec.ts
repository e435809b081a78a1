import { sandboxSettings, SandboxSettingsError } from './sandbox-settings.js';

describe("the sandbox's own settings", () => {
  it("are Stripe's defaults when unset: retries 3, 5, 7 and 14 days on, then cancelled", () => {
    expect(sandboxSettings({})).toEqual({
      retryDays: [3, 5, 7, 14],
      afterFailedRetries: 'canceled',
    });
  });

  it('read STRIPE_SANDBOX_RETRY_DAYS and STRIPE_SANDBOX_AFTER_RETRIES', () => {
    expect(
      sandboxSettings({
        STRIPE_SANDBOX_RETRY_DAYS: ' 1, 2 ,9 ',
        STRIPE_SANDBOX_AFTER_RETRIES: 'unpaid',
      }),
    ).toEqual({ retryDays: [1, 2, 9], afterFailedRetries: 'unpaid' });
    expect(sandboxSettings({ STRIPE_SANDBOX_RETRY_DAYS: '' }).retryDays).toEqual([]);
  });

  it('refuse what they cannot use, naming the setting', () => {
    expect(() => sandboxSettings({ STRIPE_SANDBOX_RETRY_DAYS: '3;5' })).toThrow(
      new SandboxSettingsError(
        'STRIPE_SANDBOX_RETRY_DAYS must be whole days separated by commas, such as 3,5,7,14',
      ),
    );
    expect(() => sandboxSettings({ STRIPE_SANDBOX_AFTER_RETRIES: 'paused' })).toThrow(
      /STRIPE_SANDBOX_AFTER_RETRIES must be one of canceled, unpaid, past_due/,
    );
  });
});
