// Plain JavaScript, run at build time (`npm run build -w stripe-sandbox`): writes the JSON Schemas
// of the parameters of every API route the sandbox serves, generated from the installed `stripe`
// package's parameter types (`CustomerCreateParams`, `Checkout.SessionCreateParams`, …), and Ajv
// validators compiled from them, into dist/stripe-params/. The sandbox loads those at run time,
// so that it needs neither the TypeScript compiler nor a schema compiler to check a request.
//
//   node stripe-param-schemas.mjs     writes dist/stripe-params/ (unless it is up to date)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileValidators, generateSchema, stripeRoot } from './stripe-schemas.mjs';

/**
 * Each API route of the sandbox (Fastify's method and URL) and the declaration file and type of
 * its parameters. A route missing here is refused by the sandbox's own tests.
 */
export const ROUTE_PARAMS = {
  'POST /v1/customers': ['Customers', 'CustomerCreateParams'],
  'GET /v1/customers': ['Customers', 'CustomerListParams'],
  'GET /v1/customers/:id': ['Customers', 'CustomerRetrieveParams'],
  'POST /v1/customers/:id': ['Customers', 'CustomerUpdateParams'],
  'GET /v1/customers/:id/payment_methods': ['Customers', 'CustomerListPaymentMethodsParams'],
  'GET /v1/payment_methods': ['PaymentMethods', 'PaymentMethodListParams'],
  'POST /v1/payment_methods': ['PaymentMethods', 'PaymentMethodCreateParams'],
  'GET /v1/payment_methods/:id': ['PaymentMethods', 'PaymentMethodRetrieveParams'],
  'POST /v1/payment_methods/:id': ['PaymentMethods', 'PaymentMethodUpdateParams'],
  'POST /v1/payment_methods/:id/attach': ['PaymentMethods', 'PaymentMethodAttachParams'],
  'POST /v1/payment_methods/:id/detach': ['PaymentMethods', 'PaymentMethodDetachParams'],
  'POST /v1/checkout/sessions': ['Checkout/Sessions', 'Checkout.SessionCreateParams'],
  'GET /v1/checkout/sessions': ['Checkout/Sessions', 'Checkout.SessionListParams'],
  'GET /v1/checkout/sessions/:id': ['Checkout/Sessions', 'Checkout.SessionRetrieveParams'],
  'POST /v1/checkout/sessions/:id/expire': ['Checkout/Sessions', 'Checkout.SessionExpireParams'],
  'POST /v1/billing_portal/sessions': [
    'BillingPortal/Sessions',
    'BillingPortal.SessionCreateParams',
  ],
  'POST /v1/subscriptions': ['Subscriptions', 'SubscriptionCreateParams'],
  'GET /v1/subscriptions': ['Subscriptions', 'SubscriptionListParams'],
  'GET /v1/subscriptions/:id': ['Subscriptions', 'SubscriptionRetrieveParams'],
  'POST /v1/subscriptions/:id': ['Subscriptions', 'SubscriptionUpdateParams'],
  'DELETE /v1/subscriptions/:id': ['Subscriptions', 'SubscriptionCancelParams'],
  'DELETE /v1/subscriptions/:id/discount': ['Subscriptions', 'SubscriptionDeleteDiscountParams'],
  'POST /v1/subscription_schedules': ['SubscriptionSchedules', 'SubscriptionScheduleCreateParams'],
  'GET /v1/subscription_schedules/:id': [
    'SubscriptionSchedules',
    'SubscriptionScheduleRetrieveParams',
  ],
  'POST /v1/subscription_schedules/:id': [
    'SubscriptionSchedules',
    'SubscriptionScheduleUpdateParams',
  ],
  'POST /v1/subscription_schedules/:id/release': [
    'SubscriptionSchedules',
    'SubscriptionScheduleReleaseParams',
  ],
  'POST /v1/coupons': ['Coupons', 'CouponCreateParams'],
  'GET /v1/coupons/:id': ['Coupons', 'CouponRetrieveParams'],
  'POST /v1/coupons/:id': ['Coupons', 'CouponUpdateParams'],
  'POST /v1/promotion_codes': ['PromotionCodes', 'PromotionCodeCreateParams'],
  'GET /v1/promotion_codes': ['PromotionCodes', 'PromotionCodeListParams'],
  'GET /v1/promotion_codes/:id': ['PromotionCodes', 'PromotionCodeRetrieveParams'],
  'POST /v1/promotion_codes/:id': ['PromotionCodes', 'PromotionCodeUpdateParams'],
  'GET /v1/invoices': ['Invoices', 'InvoiceListParams'],
  'POST /v1/invoices/create_preview': ['Invoices', 'InvoiceCreatePreviewParams'],
  'GET /v1/invoices/:id': ['Invoices', 'InvoiceRetrieveParams'],
  'POST /v1/invoices/:id/pay': ['Invoices', 'InvoicePayParams'],
  'GET /v1/invoice_payments': ['InvoicePayments', 'InvoicePaymentListParams'],
  'GET /v1/charges': ['Charges', 'ChargeListParams'],
  'GET /v1/charges/:id': ['Charges', 'ChargeRetrieveParams'],
  'GET /v1/payment_intents': ['PaymentIntents', 'PaymentIntentListParams'],
  'POST /v1/payment_intents': ['PaymentIntents', 'PaymentIntentCreateParams'],
  'GET /v1/payment_intents/:id': ['PaymentIntents', 'PaymentIntentRetrieveParams'],
  'POST /v1/refunds': ['Refunds', 'RefundCreateParams'],
  'GET /v1/refunds': ['Refunds', 'RefundListParams'],
  'GET /v1/refunds/:id': ['Refunds', 'RefundRetrieveParams'],
  'GET /v1/events': ['Events', 'EventListParams'],
  'GET /v1/events/:id': ['Events', 'EventRetrieveParams'],
  'GET /v1/prices/:id': ['Prices', 'PriceRetrieveParams'],
  'GET /v1/products/:id': ['Products', 'ProductRetrieveParams'],
  'POST /v1/test_helpers/test_clocks': [
    'TestHelpers/TestClocks',
    'TestHelpers.TestClockCreateParams',
  ],
  'GET /v1/test_helpers/test_clocks': ['TestHelpers/TestClocks', 'TestHelpers.TestClockListParams'],
  'GET /v1/test_helpers/test_clocks/:id': [
    'TestHelpers/TestClocks',
    'TestHelpers.TestClockRetrieveParams',
  ],
  'DELETE /v1/test_helpers/test_clocks/:id': [
    'TestHelpers/TestClocks',
    'TestHelpers.TestClockDeleteParams',
  ],
  'POST /v1/test_helpers/test_clocks/:id/advance': [
    'TestHelpers/TestClocks',
    'TestHelpers.TestClockAdvanceParams',
  ],
};

const OUTPUT = fileURLToPath(new URL('../dist/stripe-params', import.meta.url));

/** The entry the generator reads: one property per route, typed with Stripe's own declaration. */
function entrySource(resources) {
  const imports = [];
  const properties = [];
  Object.entries(ROUTE_PARAMS).forEach(([route, [file, type]], index) => {
    // A type in a folder is declared in its namespace (`Checkout.SessionCreateParams`).
    const [name, ...member] = type.split('.');
    imports.push(`import type { ${name} as T${index} } from '${resources}/${file}.js';`);
    properties.push(`  '${route}': ${[`T${index}`, ...member].join('.')};`);
  });
  return `${imports.join('\n')}\nexport interface SandboxParams {\n${properties.join('\n')}\n}\n`;
}

const OTHER_STRING = '#/definitions/OtherString';

/**
 * The SDK joins each enum with `OtherString` (any string) so that a value added to the API later
 * still type-checks in an answer; a request, though, takes only the values the API version knows,
 * which are the SDK's. So the any-string branch of every enum is dropped.
 */
function closeEnums(node) {
  if (Array.isArray(node)) return node.forEach(closeEnums);
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node.anyOf) && node.anyOf.some((branch) => branch.$ref === OTHER_STRING))
    node.anyOf = node.anyOf.filter((branch) => branch.$ref !== OTHER_STRING);
  Object.values(node).forEach(closeEnums);
}

/** Generates the schemas and validators into `folder`. */
async function generate(folder) {
  const entry = join(folder, 'entry.ts');
  writeFileSync(entry, entrySource(join(stripeRoot(), 'esm', 'resources')));
  const schema = await generateSchema(entry, 'SandboxParams');
  rmSync(entry);
  // A type the generator could not read would be `{}`, which takes anything: refuse to build.
  const routes = Object.fromEntries(
    Object.entries(schema.properties).map(([route, reference]) => {
      if (!reference.$ref) throw new Error(`No schema for the parameters of ${route}`);
      return [route, decodeURIComponent(reference.$ref.replace('#/definitions/', ''))];
    }),
  );
  closeEnums(schema.definitions);
  writeFileSync(
    join(folder, 'schemas.json'),
    JSON.stringify({ routes, definitions: schema.definitions }),
  );
  const exports = {};
  for (const [route, definition] of Object.entries(routes))
    exports[routeValidatorName(route)] = `stripe#/definitions/${encodeURIComponent(definition)}`;
  // The first error only: a request is refused for one parameter, as Stripe refuses it.
  const code = await compileValidators(schema.definitions, exports, { allErrors: false });
  // The sandbox loads the validators without Ajv (a development dependency): they must need nothing.
  if (/\brequire\(|^import /m.test(code))
    throw new Error('The parameter validators import code: add Ajv to the dependencies.');
  writeFileSync(join(folder, 'validators.mjs'), code);
}

/** The name of a route's exported validator: `POST /v1/customers/:id` → `POST_v1_customers_id`. */
export const routeValidatorName = (route) => route.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');

/** What the folder is made from: the `stripe` package's version and this script. */
function buildKey() {
  const { version } = JSON.parse(readFileSync(join(stripeRoot(), 'package.json'), 'utf8'));
  const scripts = ['stripe-param-schemas.mjs', 'stripe-schemas.mjs'].map((name) =>
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), name)),
  );
  const hash = createHash('sha256');
  scripts.forEach((script) => hash.update(script));
  return `stripe ${version} ${hash.digest('hex').slice(0, 12)}`;
}

/** Writes dist/stripe-params/ unless it was made from the same `stripe` and script. */
export async function buildParamSchemas() {
  const key = buildKey();
  const stamp = join(OUTPUT, 'key.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return OUTPUT;
  // Generated beside the final folder, then moved in one step: a parallel run never reads half.
  const building = `${OUTPUT}.${process.pid}`;
  mkdirSync(building, { recursive: true });
  await generate(building);
  writeFileSync(join(building, 'key.txt'), key);
  rmSync(OUTPUT, { recursive: true, force: true });
  try {
    renameSync(building, OUTPUT);
  } catch (error) {
    if (!existsSync(stamp)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  return OUTPUT;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await buildParamSchemas());
