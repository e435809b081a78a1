import { PromotionEntity } from '../src/promotions/promotion.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';

/**
 * Promotions against the Stripe sandbox when Stripe's answers are lost: the idempotency keys come
 * from the stored promotion, so the administrator's retry makes each Stripe object once.
 */
describe('promotions when Stripe answers go missing', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const promotions = () => env.t.dataSource.getRepository(PromotionEntity);
  const codesAtStripe = (code: string) =>
    env.sandbox.objects('promotion_code').filter((promo) => promo.code === code);
  const audited = async (code: string) =>
    (
      (await env.t.dataSource.query(
        `SELECT count(*)::int AS count FROM admin_actions
          WHERE action_type = 'create_promotion' AND details->>'description' = $1`,
        [`Created promotion ${code}`],
      )) as { count: number }[]
    )[0].count;
  let serial = 0;
  const newCode = () => `RETRY${Date.now().toString(36).slice(-5).toUpperCase()}${(serial += 1)}`;
  // Three lost answers outlast the SDK's two retries: the request fails after Stripe has acted.
  const loseAnswers = (path: string) => env.sandbox.injectFaults(3, 'lost', path);

  beforeAll(async () => {
    env = await startAppWithSandbox();
    // No webhooks: their handlers' own Stripe calls would meet the faults meant for the admin's.
    env.sandbox.holdDeliveries = true;
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('promo-admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
  }, 30_000);
  afterAll(() => env.close());

  it.each(['/v1/coupons', '/v1/promotion_codes'])(
    'makes one coupon and one promotion code when a create is retried after the answer of %s was lost',
    async (path) => {
      const code = newCode();
      const form = { name: 'Retry sale', code, type: 'percentage', value: 20, max_uses: 5 };
      const coupons = env.sandbox.objects('coupon').length;
      loseAnswers(path);

      const failed = await call('POST', '/api/admin/promotions', form);
      expect(failed.json()).toEqual({
        statusCode: 502,
        code: 'stripe_failed',
        message: 'Failed to update promotion',
      });
      expect(env.sandbox.pendingFaults).toBe(0);
      expect(await audited(code)).toBe(0);

      const retried = await call('POST', '/api/admin/promotions', form);
      expect(retried.statusCode).toBe(201);
      const promotion = retried.json();
      expect(promotion).toMatchObject({ code, active: true, value: 20, current_uses: 0 });
      expect(env.sandbox.objects('coupon').length).toBe(coupons + 1);
      expect(codesAtStripe(code).map((promo) => promo.id)).toEqual([
        promotion.stripe_promotion_code_id,
      ]);
      expect(await promotions().countBy({ code })).toBe(1);
      expect(await audited(code)).toBe(1);
      // Done, the same form again is a code that exists.
      expect((await call('POST', '/api/admin/promotions', form)).json()).toMatchObject({
        statusCode: 409,
        code: 'code_taken',
      });
    },
    30_000,
  );

  it('completes a promotion whose create lost its answer when it is edited instead', async () => {
    const code = newCode();
    loseAnswers('/v1/promotion_codes');
    const form = { name: 'Left behind', code, type: 'fixed_amount', value: 500 };
    expect((await call('POST', '/api/admin/promotions', form)).statusCode).toBe(502);
    const pending = await promotions().findOneByOrFail({ code });
    expect(pending.stripe_promotion_code_id).toBeNull();

    const renamed = await call('PUT', `/api/admin/promotions/${pending.id}`, { name: 'Found' });
    expect(renamed.statusCode).toBe(200);
    const [stripeCode] = codesAtStripe(code);
    expect(codesAtStripe(code)).toHaveLength(1);
    expect(renamed.json()).toMatchObject({
      name: 'Found',
      stripe_promotion_code_id: stripeCode.id,
    });
    expect((await env.stripe.coupons.retrieve(renamed.json().stripe_coupon_id)).name).toBe('Found');
  }, 30_000);

  it('makes one new promotion code when an edit is retried after its answers were lost', async () => {
    const code = newCode();
    const created = await call('POST', '/api/admin/promotions', {
      name: 'Edit me',
      code,
      type: 'percentage',
      value: 10,
    });
    const id = created.json().id as string;
    loseAnswers('/v1/promotion_codes');
    expect((await call('PUT', `/api/admin/promotions/${id}`, { value: 15 })).statusCode).toBe(502);

    const edited = await call('PUT', `/api/admin/promotions/${id}`, { value: 15 });
    expect(edited.json()).toMatchObject({ value: 15, current_uses: 0 });
    const codes = codesAtStripe(code);
    expect(codes).toHaveLength(2);
    expect(codes.filter((promo) => promo.active).map((promo) => promo.id)).toEqual([
      edited.json().stripe_promotion_code_id,
    ]);
  }, 30_000);

  it('leaves nothing behind when Stripe refuses the code', async () => {
    const code = newCode();
    const coupon = await env.stripe.coupons.create({ percent_off: 5, duration: 'once' });
    await env.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code,
    });

    const refused = await call('POST', '/api/admin/promotions', {
      name: 'Taken at Stripe',
      code,
      type: 'percentage',
      value: 5,
    });
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'code_taken' });
    expect(await promotions().countBy({ code })).toBe(0);
  }, 30_000);
});
