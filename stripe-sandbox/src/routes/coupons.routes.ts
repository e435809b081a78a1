/** Coupons, promotion codes, and removing a subscription's discount. */
import type { FastifyInstance } from 'fastify';
import { newId, type Body } from '../sandbox-common.js';
import { money } from '../sandbox-pages.js';
import { found, listPage, noSuch, param, stripeError, type SandboxParts } from './route-helpers.js';

export function registerCouponRoutes(api: FastifyInstance, { store, events }: SandboxParts): void {
  api.post('/v1/coupons', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const id = typeof body.id === 'string' && body.id ? body.id : newId('coupon').slice(7);
    if (store.get(id))
      return stripeError(reply, 400, 'Coupon already exists.', 'invalid_request_error', {
        code: 'resource_already_exists',
      });
    const percent = body.percent_off === undefined ? null : Number(body.percent_off);
    const amountOff = body.amount_off === undefined ? null : Number(body.amount_off);
    if ((percent === null) === (amountOff === null))
      return stripeError(reply, 400, 'Exactly one of percent_off or amount_off is required.');
    if (percent !== null && !(percent > 0 && percent <= 100))
      return stripeError(reply, 400, 'percent_off must be between 0 and 100.');
    if (amountOff !== null && !(Number.isInteger(amountOff) && amountOff > 0))
      return stripeError(reply, 400, 'amount_off must be a positive integer.');
    const duration = String(body.duration ?? 'once');
    const coupon = store.save(
      store.fromFixture('coupon', {
        id,
        amount_off: amountOff,
        currency: amountOff === null ? null : String(body.currency ?? 'usd'),
        percent_off: percent,
        duration,
        duration_in_months: duration === 'repeating' ? Number(body.duration_in_months ?? 1) : null,
        max_redemptions: body.max_redemptions ? Number(body.max_redemptions) : null,
        name: body.name ?? (percent !== null ? `${percent}% off` : `${money(amountOff!)} off`),
        metadata: body.metadata ?? {},
        redeem_by: body.redeem_by ? Number(body.redeem_by) : null,
        times_redeemed: 0,
        valid: true,
      }),
    );
    events.emit('coupon.created', coupon);
    return coupon;
  });
  api.get('/v1/coupons/:id', async (request, reply) =>
    found(store, reply, param(request), 'coupon'),
  );
  api.post('/v1/coupons/:id', async (request, reply) => {
    const coupon = store.get(param(request));
    if (!coupon || coupon.object !== 'coupon') return found(store, reply, param(request), 'coupon');
    const body = (request.body ?? {}) as Body;
    const updated = store.save({
      ...coupon,
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
      ...(body.metadata && typeof body.metadata === 'object'
        ? { metadata: { ...(coupon.metadata as Body), ...(body.metadata as Body) } }
        : {}),
    });
    events.emitChange('coupon.updated', updated, coupon);
    return updated;
  });

  api.post('/v1/promotion_codes', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const couponId = (body.promotion as Body | undefined)?.coupon;
    const coupon = typeof couponId === 'string' ? store.get(couponId) : undefined;
    if (!coupon || coupon.object !== 'coupon')
      return noSuch(reply, 'coupon', couponId, 'promotion[coupon]');
    const code = String(body.code ?? newId('promotion_code').slice(6, 14)).toUpperCase();
    if (
      store.all(
        'promotion_code',
        (promo) => promo.active === true && String(promo.code).toUpperCase() === code,
      ).length
    )
      return stripeError(
        reply,
        400,
        'An active promotion code with `code: ' + code + '` already exists.',
        'invalid_request_error',
        { code: 'resource_already_exists' },
      );
    const promo = store.save(
      store.fromFixture('promotion_code', {
        id: newId('promotion_code'),
        code,
        active: body.active === undefined ? true : body.active === 'true',
        expires_at: body.expires_at ? Number(body.expires_at) : null,
        max_redemptions: body.max_redemptions ? Number(body.max_redemptions) : null,
        metadata: body.metadata ?? {},
        times_redeemed: 0,
        promotion: { type: 'coupon', coupon: coupon.id },
      }),
    );
    events.emit('promotion_code.created', promo);
    return promo;
  });
  api.get('/v1/promotion_codes', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'promotion_code',
      (promo) =>
        (!query.code || String(promo.code).toUpperCase() === String(query.code).toUpperCase()) &&
        (query.active === undefined || String(promo.active) === String(query.active)) &&
        (!query.coupon || (promo.promotion as Body).coupon === query.coupon) &&
        (!query.customer || promo.customer === query.customer),
    );
  });
  api.get('/v1/promotion_codes/:id', async (request, reply) =>
    found(store, reply, param(request), 'promotion_code'),
  );
  api.post('/v1/promotion_codes/:id', async (request, reply) => {
    const promo = store.get(param(request));
    if (!promo || promo.object !== 'promotion_code')
      return found(store, reply, param(request), 'promotion_code');
    const body = (request.body ?? {}) as Body;
    const updated = store.save({
      ...promo,
      ...(body.active !== undefined ? { active: body.active === 'true' } : {}),
      ...(body.metadata && typeof body.metadata === 'object'
        ? { metadata: { ...(promo.metadata as Body), ...(body.metadata as Body) } }
        : {}),
    });
    events.emitChange('promotion_code.updated', updated, promo);
    return updated;
  });
  api.delete('/v1/subscriptions/:id/discount', async (request, reply) => {
    const subscription = store.get(param(request));
    if (!subscription || subscription.object !== 'subscription')
      return found(store, reply, param(request), 'subscription');
    const discounts = (subscription.discounts as string[] | undefined) ?? [];
    if (discounts.length === 0)
      return stripeError(reply, 404, 'This subscription has no discount.');
    const updated = store.save({ ...subscription, discounts: [] });
    const discount = store.get(discounts[0])!;
    events.emit('customer.discount.deleted', discount);
    events.emit('customer.subscription.updated', updated, subscription);
    const { end: _end, ...deleted } = discount;
    return { ...deleted, deleted: true };
  });
}
