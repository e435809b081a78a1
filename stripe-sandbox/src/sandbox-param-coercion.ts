/**
 * Form-encoded parameters read as Stripe reads them: every value arrives as a string (or a qs
 * object or array of strings), and the declared type of its place decides what it becomes — a
 * number, a boolean, an array (`items[0][price]`, or qs's object with numeric keys), a hash.
 * A value that cannot become its type is left as it is, for the validator to refuse.
 */

/** The part of a JSON Schema, as ts-json-schema-generator writes them, that coercion reads. */
export interface ParamSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: ParamSchema[];
  properties?: Record<string, ParamSchema>;
  additionalProperties?: boolean | ParamSchema;
  items?: ParamSchema;
  enum?: unknown[];
  const?: unknown;
  required?: string[];
}

export type Definitions = Record<string, ParamSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema a `$ref` points at (`#/definitions/Emptyable%3CAddressParam%3E`). */
export function resolved(schema: ParamSchema, definitions: Definitions): ParamSchema {
  let current = schema;
  while (current.$ref)
    current = definitions[decodeURIComponent(current.$ref.replace('#/definitions/', ''))] ?? {};
  return current;
}

const typesOf = (schema: ParamSchema): string[] => {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const constants = schema.const !== undefined ? [schema.const] : (schema.enum ?? []);
  return [...new Set(constants.map((value) => (value === null ? 'null' : typeof value)))];
};

/** Whether a string is one a string-typed schema takes as it is (its const or enum allowing). */
function takesString(schema: ParamSchema, value: string): boolean {
  if (!typesOf(schema).includes('string')) return false;
  if (schema.const !== undefined) return schema.const === value;
  return schema.enum === undefined || schema.enum.includes(value);
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

function coerceString(value: string, types: string[]): unknown {
  if (types.includes('string')) return value;
  if ((types.includes('number') || types.includes('integer')) && NUMBER.test(value))
    return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** qs reads `a[0]=x&a[1]=y` as an array, but indices past its limit (or sparse) as an object. */
function asArray(value: Record<string, unknown>): unknown[] | undefined {
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
}

/** `value` with every string turned into the type its place declares, where it can be. */
export function coerce(value: unknown, schema: ParamSchema, definitions: Definitions): unknown {
  const target = resolved(schema, definitions);
  if (target.anyOf) return coerceAnyOf(value, target.anyOf, definitions);
  const types = typesOf(target);
  if (typeof value === 'string') return coerceString(value, types);
  if (isRecord(value) && types.includes('array') && !types.includes('object')) {
    const items = asArray(value);
    if (items) return coerce(items, target, definitions);
  }
  if (Array.isArray(value))
    return target.items ? value.map((item) => coerce(item, target.items!, definitions)) : value;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      const place =
        target.properties?.[key] ??
        (typeof target.additionalProperties === 'object' ? target.additionalProperties : undefined);
      return [key, place ? coerce(field, place, definitions) : field];
    }),
  );
}

/**
 * A value of a union: a string a branch takes as it is stays a string (`''` of `Emptyable<…>`,
 * a value of an enum); otherwise the first branch that can read it decides.
 */
function coerceAnyOf(value: unknown, branches: ParamSchema[], definitions: Definitions): unknown {
  const targets = branches.map((branch) => resolved(branch, definitions));
  if (typeof value === 'string') {
    if (targets.some((target) => takesString(target, value))) return value;
    for (const target of targets) {
      const coerced = coerce(value, target, definitions);
      if (coerced !== value) return coerced;
    }
    return value;
  }
  const kind = Array.isArray(value) ? 'array' : isRecord(value) ? 'object' : undefined;
  const branch =
    targets.find((target) => kind && typesOf(target).includes(kind)) ??
    targets.find((target) => target.anyOf) ??
    (kind === 'object' ? targets.find((target) => typesOf(target).includes('array')) : undefined);
  return branch ? coerce(value, branch, definitions) : value;
}
