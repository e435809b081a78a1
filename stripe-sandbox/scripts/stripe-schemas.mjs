// Plain JavaScript, run as its own process: the TypeScript compiler behind the schema generator
// is too heavy to load in every test file. Writes JSON Schemas of the Stripe objects the product
// uses, generated from the installed `stripe` package's type declarations, and Ajv validators
// compiled from them, into a folder keyed by the package's version (later runs reuse it).
//
//   node stripe-schemas.mjs            prints the folder (generating it when missing)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each object kind (its `object` value) the product meets: the declaration file and type. */
export const OBJECT_TYPES = {
  customer: ['Customers', 'Customer'],
  subscription: ['Subscriptions', 'Subscription'],
  subscription_item: ['SubscriptionItems', 'SubscriptionItem'],
  subscription_schedule: ['SubscriptionSchedules', 'SubscriptionSchedule'],
  invoice: ['Invoices', 'Invoice'],
  invoice_payment: ['InvoicePayments', 'InvoicePayment'],
  charge: ['Charges', 'Charge'],
  refund: ['Refunds', 'Refund'],
  payment_intent: ['PaymentIntents', 'PaymentIntent'],
  payment_method: ['PaymentMethods', 'PaymentMethod'],
  'checkout.session': ['Checkout/Sessions', 'Session'],
  'billing_portal.session': ['BillingPortal/Sessions', 'Session'],
  coupon: ['Coupons', 'Coupon'],
  promotion_code: ['PromotionCodes', 'PromotionCode'],
  price: ['Prices', 'Price'],
  product: ['Products', 'Product'],
  plan: ['Plans', 'Plan'],
  discount: ['Discounts', 'Discount'],
  'deleted:discount': ['Discounts', 'DeletedDiscount'],
  'test_helpers.test_clock': ['TestHelpers/TestClocks', 'TestClock'],
  'deleted:test_helpers.test_clock': ['TestHelpers/TestClocks', 'DeletedTestClock'],
};

/** The event types the sandbox sends; each has its own declaration (`CustomerCreatedEvent`, …). */
export const EVENT_TYPES = [
  'billing_portal.session.created',
  'charge.failed',
  'charge.refunded',
  'charge.succeeded',
  'checkout.session.completed',
  'checkout.session.expired',
  'coupon.created',
  'coupon.updated',
  'customer.created',
  'customer.discount.created',
  'customer.discount.deleted',
  'customer.subscription.created',
  'customer.subscription.deleted',
  'customer.subscription.updated',
  'customer.updated',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.voided',
  'invoice_payment.paid',
  'payment_intent.canceled',
  'payment_intent.created',
  'payment_intent.payment_failed',
  'payment_intent.succeeded',
  'payment_method.attached',
  'payment_method.updated',
  'promotion_code.created',
  'promotion_code.updated',
  'refund.created',
  'subscription_schedule.completed',
  'subscription_schedule.created',
  'subscription_schedule.released',
  'subscription_schedule.updated',
  'test_helpers.test_clock.advancing',
  'test_helpers.test_clock.created',
  'test_helpers.test_clock.deleted',
  'test_helpers.test_clock.ready',
];

/** The name of an exported validator: `checkout.session` → `checkout_session`. */
export const validatorName = (kind) => kind.replace(/[^A-Za-z0-9]/g, '_');

const eventInterface = (type) =>
  `${type
    .split(/[._]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')}Event`;

export const stripeRoot = () => {
  const entry = createRequire(import.meta.url).resolve('stripe');
  return join(dirname(entry), '..');
};

/** The entry the generator reads: one property per kind, typed with Stripe's own declaration. */
function entrySource(resources) {
  const imports = [];
  const properties = [];
  Object.entries(OBJECT_TYPES).forEach(([kind, [file, type]], index) => {
    imports.push(`import type { ${type} as T${index} } from '${resources}/${file}.js';`);
    properties.push(`  '${kind}': T${index};`);
  });
  const events = EVENT_TYPES.map(eventInterface);
  imports.push(`import type { ${events.join(', ')} } from '${resources}/Events.js';`);
  EVENT_TYPES.forEach((type, index) => properties.push(`  'event:${type}': ${events[index]};`));
  imports.push(`import type { ApiList } from '${resources}/../lib.js';`);
  properties.push(`  list: ApiList<unknown>;`);
  return `${imports.join('\n')}\nexport interface SandboxObjects {\n${properties.join('\n')}\n}\n`;
}

/**
 * Definitions are named by their type's qualified name; types of the same name in different
 * folders (the Checkout and BillingPortal `Session`, Issuing's `Card` and `Card`) are told apart
 * by the folder, as Stripe names them (`Checkout.Session`).
 */
function withFolderNames(program) {
  const checker = program.getTypeChecker();
  const named = new Proxy(checker, {
    get(target, key) {
      if (key === 'getFullyQualifiedName')
        return (symbol) => {
          const name = target.getFullyQualifiedName(symbol);
          const match = /^".*\/resources\/(\w+)\/\w+"\.(.*)$/.exec(name);
          return match ? `${match[1]}.${match[2]}` : name;
        };
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Proxy(program, {
    get(target, key) {
      if (key === 'getTypeChecker') return () => named;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The JSON Schema of the interface `type` declared in the file `entry`, whose properties are typed
 * with Stripe's declarations (the TypeScript compiler loads only when this is called).
 */
export async function generateSchema(entry, type) {
  const { createFormatter, createParser, createProgram, DEFAULT_CONFIG, SchemaGenerator } =
    await import('ts-json-schema-generator');
  const config = {
    ...DEFAULT_CONFIG,
    path: entry,
    type,
    skipTypeCheck: true,
    expose: 'all',
    topRef: false,
    jsDoc: 'none',
    additionalProperties: false,
  };
  const program = withFolderNames(createProgram(config));
  const parser = createParser(program, config);
  return new SchemaGenerator(program, parser, createFormatter(config), config).createSchema(type);
}

/**
 * Ajv's standalone module of validators over `definitions`: one export per entry of `exports`
 * (export name → `stripe#/definitions/…`), reporting every error or only the first.
 */
export async function compileValidators(definitions, exports, { allErrors }) {
  const { default: Ajv } = await import('ajv');
  const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
  const ajv = new Ajv({ allErrors, strict: false, code: { source: true, esm: true } });
  ajv.addSchema({ $id: 'stripe', definitions });
  return standaloneCode(ajv, exports);
}

/** Generates the schemas and validators into `folder`. */
async function generate(folder) {
  const entry = join(folder, 'entry.ts');
  writeFileSync(entry, entrySource(join(stripeRoot(), 'esm', 'resources')));
  const schema = await generateSchema(entry, 'SandboxObjects');
  // On the wire a decimal is a string; the SDK wraps it in a Decimal object only after parsing.
  schema.definitions.Decimal = { type: 'string' };
  writeFileSync(join(folder, 'schemas.json'), JSON.stringify(schema));
  const exports = {};
  for (const [kind, reference] of Object.entries(schema.properties))
    exports[validatorName(kind)] = `stripe${reference.$ref}`;
  const code = await compileValidators(schema.definitions, exports, { allErrors: true });
  writeFileSync(join(folder, 'validators.mjs'), code);
}

/** The folder of schemas and validators for the installed `stripe` (generated when missing). */
export async function stripeSchemasFolder() {
  const { version } = JSON.parse(readFileSync(join(stripeRoot(), 'package.json'), 'utf8'));
  const script = readFileSync(fileURLToPath(import.meta.url));
  const key = createHash('sha256').update(script).digest('hex').slice(0, 12);
  const folder = join(tmpdir(), 'leadpulse-stripe-schemas', `stripe-${version}-${key}`);
  if (existsSync(join(folder, 'validators.mjs'))) return folder;
  // Generated beside the final folder, then moved in one step: a parallel run never reads half.
  const building = `${folder}.${process.pid}`;
  mkdirSync(building, { recursive: true });
  await generate(building);
  try {
    renameSync(building, folder);
  } catch (error) {
    if (!existsSync(join(folder, 'validators.mjs'))) throw error;
  }
  return folder;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await stripeSchemasFolder());
