/**
 * The sandbox refuses the parameters Stripe refuses. Each API route's parameters are checked
 * against the JSON Schema of its parameter type in the pinned `stripe` package
 * (`CustomerCreateParams`, `Checkout.SessionCreateParams`, …), generated at build time with
 * validators compiled from it (scripts/stripe-param-schemas.mjs, into dist/stripe-params/). The
 * answer to a refused request is Stripe's: 400, `invalid_request_error`, the parameter's name in
 * Stripe's bracket notation (`items[0][price]`) and, where Stripe has one, its code.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Body } from './sandbox-common.js';
import { coerce, type Definitions } from './sandbox-param-coercion.js';
import { stripeError, type ErrorDetails } from './routes/route-helpers.js';

interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

interface Validator {
  (value: unknown): boolean;
  errors?: ValidationError[] | null;
}

interface ParamChecks {
  /** Each route (`POST /v1/customers/:id`) and the definition of its parameter type. */
  routes: Record<string, string>;
  definitions: Definitions;
  validators: Record<string, Validator>;
}

const FOLDER = new URL('../dist/stripe-params/', import.meta.url);

/** The name of a route's validator, as the build script exports it. */
const validatorName = (route: string) => route.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');

async function loadParamChecks(): Promise<ParamChecks> {
  const schemas = new URL('schemas.json', FOLDER);
  if (!existsSync(schemas))
    throw new Error(
      "The Stripe sandbox's parameter schemas are missing: run `npm run build -w stripe-sandbox`.",
    );
  const { routes, definitions } = JSON.parse(readFileSync(schemas, 'utf8')) as Omit<
    ParamChecks,
    'validators'
  >;
  const validators = (await import(new URL('validators.mjs', FOLDER).href)) as Record<
    string,
    Validator
  >;
  return { routes, definitions, validators };
}

/** `/line_items/0/price` → `line_items[0][price]`, as Stripe names a parameter. */
const paramName = (segments: string[]) =>
  segments[0] +
  segments
    .slice(1)
    .map((segment) => `[${segment}]`)
    .join('');

const segmentsOf = (path: string) => path.split('/').slice(1).map(decodeURIComponent);

function valueAt(params: unknown, segments: string[]): unknown {
  return segments.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    params,
  );
}

interface Refusal extends ErrorDetails {
  message: string;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Stripe's words for a value of the wrong type: the type of its place (a union's first scalar). */
function wrongType(param: string, value: unknown, types: string[]): Refusal {
  if (value === '')
    return {
      code: 'parameter_invalid_empty',
      param,
      message: `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    };
  if (types.includes('integer') || types.includes('number'))
    return { code: 'parameter_invalid_integer', param, message: `Invalid integer: ${show(value)}` };
  if (types.includes('boolean')) return { param, message: `Invalid boolean: ${show(value)}` };
  if (types.includes('string')) return { param, message: `Invalid string: ${show(value)}` };
  if (types.includes('array')) return { param, message: 'Invalid array' };
  return { param, message: 'Invalid hash' };
}

/** "a, b, or c", as Stripe lists the values an enum takes. */
const oneOf = (values: unknown[]) =>
  values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')}, or ${String(values[values.length - 1])}`;

/**
 * The refusal Stripe would answer for the validator's errors. In a union (`Emptyable<…>`,
 * `RangeQueryParam | number`) each branch leaves its error; the deepest place is the one at fault,
 * an unknown or missing parameter before a wrong value, and the values of an enum are listed
 * together without the `''` and null that unset it.
 */
export function refusal(errors: ValidationError[], params: unknown): Refusal {
  const located = errors
    .filter((error) => error.keyword !== 'anyOf')
    .map((error) => {
      const segments = segmentsOf(error.instancePath);
      if (error.keyword === 'additionalProperties')
        segments.push(String(error.params.additionalProperty));
      if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
      return { error, segments };
    });
  if (located.length === 0) return { message: 'Invalid request parameters' };
  const deepest = Math.max(...located.map(({ segments }) => segments.length));
  const here = located.filter(({ segments }) => segments.length === deepest);
  const named = (keyword: string) => here.find(({ error }) => error.keyword === keyword);
  const unknown = named('additionalProperties');
  if (unknown) {
    const param = paramName(unknown.segments);
    return { code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` };
  }
  const missing = named('required');
  if (missing) {
    const param = paramName(missing.segments);
    return { code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
  }
  const segments = here[0].segments;
  const param = paramName(segments);
  const value = valueAt(params, segments);
  const allowed = here.flatMap(({ error }) =>
    error.keyword === 'enum'
      ? (error.params.allowedValues as unknown[])
      : error.keyword === 'const'
        ? [error.params.allowedValue]
        : [],
  );
  const values = allowed.filter((option) => option !== '' && option !== null);
  if (values.length > 0 && value !== '')
    return {
      param,
      message: `Invalid ${segments[segments.length - 1]}: must be one of ${oneOf(values)}`,
    };
  const types = here.flatMap(({ error }) =>
    error.keyword === 'type' ? [error.params.type as string | string[]].flat() : [],
  );
  return wrongType(param, value, types);
}

/**
 * Checks every API call's parameters (query and body) before its handler runs. Register it before
 * the routes: it learns the API's routes as they are added, and the sandbox does not start while
 * one of them has no schema.
 */
export function registerParamChecks(api: FastifyInstance): void {
  const checks = loadParamChecks();
  // Known as soon as it fails, not only on a request's await.
  checks.catch(() => undefined);
  const apiRoutes: string[] = [];
  api.addHook('onRoute', ({ method, url }) => {
    if (!url.startsWith('/v1/')) return;
    for (const verb of [method].flat()) if (verb !== 'HEAD') apiRoutes.push(`${verb} ${url}`);
  });
  api.addHook('onReady', async () => {
    const { routes } = await checks;
    const missing = apiRoutes.filter((route) => !routes[route]);
    if (missing.length > 0)
      throw new Error(
        `No parameter type for ${missing.join(', ')}: add it to stripe-sandbox/scripts/stripe-param-schemas.mjs.`,
      );
  });
  api.addHook('preHandler', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!route.includes(' /v1/')) return;
    const { routes, definitions, validators } = await checks;
    const definition = routes[route];
    const check = definition ? validators[validatorName(route)] : undefined;
    if (!definition || !check) return;
    const params = coerce(
      { ...(request.query as Body | undefined), ...(request.body as Body | undefined) },
      { $ref: `#/definitions/${encodeURIComponent(definition)}` },
      definitions,
    );
    if (check(params)) return;
    const { message, ...details } = refusal(check.errors ?? [], params);
    return stripeError(reply, 400, message, 'invalid_request_error', details);
  });
}
