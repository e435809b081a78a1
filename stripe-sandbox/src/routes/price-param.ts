/** A price named by a parameter (`items[0][price]`), checked as Stripe checks it. */
import type { FastifyReply } from 'fastify';
import { SANDBOX_PRICES } from '../sandbox-catalogue.js';
import { noSuch, stripeError } from './route-helpers.js';

/**
 * The price id `value` names, or undefined once Stripe's 400 is sent (the handler then returns
 * the reply): `parameter_missing` without one, `resource_missing` "No such price" for an unknown one.
 */
export function knownPrice(reply: FastifyReply, value: unknown, param: string): string | undefined {
  if (value === undefined) {
    stripeError(reply, 400, `Missing required param: ${param}.`, 'invalid_request_error', {
      code: 'parameter_missing',
      param,
    });
    return undefined;
  }
  if (typeof value === 'string' && SANDBOX_PRICES[value]) return value;
  noSuch(reply, 'price', value, param);
  return undefined;
}
