import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger';
import { getMetadataStorage, type MetadataStorage } from 'class-validator';
import type { Class, OperationHandlers } from './operation-handlers.js';

type Schema = SchemaObject;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

interface PropertyRules {
  schema: Schema;
  /** Left out, the field passes (IsOptional, Omittable, ValidateIf). */
  optional: boolean;
}

/**
 * class-validator keeps its rules in one store keyed by class; its reader for a class wants the
 * class itself, and the API document names schemas by class name, so the store's classes are
 * looked up by name (as class-validator-jsonschema does).
 */
function validatedClasses(): Map<string, Class> {
  const store = getMetadataStorage() as unknown as {
    validationMetadatas?: Map<Class | string, ValidationMetadata[]>;
  };
  if (!(store.validationMetadatas instanceof Map))
    throw new Error(
      'class-validator no longer keeps its rules by class: update validation-rules.ts',
    );
  const classes = new Map<string, Class>();
  for (const target of store.validationMetadatas.keys())
    if (typeof target === 'function') classes.set(target.name, target);
  return classes;
}

/** A regular expression JSON Schema can carry as it is (ECMA-262, no flags, no \p classes). */
function portablePattern(pattern: unknown): string | undefined {
  if (typeof pattern === 'string') return pattern;
  if (
    pattern instanceof RegExp &&
    !pattern.flags.replace(/[gu]/g, '') &&
    !/\\[pP]\{/.test(pattern.source)
  )
    return pattern.source;
  return undefined;
}

/** One validator as the JSON Schema keywords it means; unknown ones add nothing. */
function keywordsOf(rule: ValidationMetadata): Schema {
  const [first, second] = rule.constraints ?? [];
  switch (rule.name) {
    case 'isString':
      return { type: 'string' };
    case 'isInt':
      return { type: 'integer' };
    case 'isNumber':
      return { type: 'number' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isObject':
      return { type: 'object' };
    case 'isArray':
      return { type: 'array' };
    case 'isNotEmpty':
      return { minLength: 1 };
    case 'minLength':
      return { minLength: first as number };
    case 'maxLength':
      return { maxLength: first as number };
    case 'isLength':
      return {
        minLength: first as number,
        ...(second === undefined ? {} : { maxLength: second as number }),
      };
    case 'min':
      return { minimum: first as number };
    case 'max':
      return { maximum: first as number };
    case 'isIn':
      return { enum: [...(first as unknown[])] };
    case 'isEnum':
      return { enum: Object.values(first as object) };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isUuid':
      return { type: 'string', format: 'uuid' };
    case 'isIso8601':
    case 'isDateString':
      return { type: 'string', format: 'date-time' };
    case 'isUrl':
      return { type: 'string', format: 'uri' };
    case 'matches': {
      const pattern = portablePattern(first);
      return pattern === undefined ? {} : { pattern };
    }
    case 'arrayMaxSize':
      return { maxItems: first as number };
    case 'arrayMinSize':
      return { minItems: first as number };
    default:
      return {};
  }
}

/** Keywords that only constrain strings (`isNotEmpty` also refuses null and undefined). */
const STRING_ONLY = new Set(['minLength', 'maxLength', 'pattern', 'format']);

function propertyRules(rules: ValidationMetadata[]): PropertyRules {
  const schema: Schema = {};
  const items: Schema = {};
  let optional = false;
  let nullable = false;
  for (const rule of rules) {
    if (rule.type === 'conditionalValidation') {
      optional = true;
      nullable ||= rule.name === 'isOptional';
      continue;
    }
    Object.assign(rule.each ? items : schema, keywordsOf(rule));
  }
  if (Object.keys(items).length > 0) schema.items = items;
  // Length rules on a non-string field (an array's, say) say nothing JSON Schema can check.
  if (schema.type && schema.type !== 'string')
    for (const keyword of STRING_ONLY) delete (schema as Record<string, unknown>)[keyword];
  if (nullable) schema.nullable = true;
  return { schema, optional };
}

/** A documented bound stricter than the validator's is kept (a service may check it later). */
function merged(documented: Schema, rule: Schema): Schema {
  const result = { ...documented, ...rule };
  for (const [keyword, pick] of [
    ['minLength', Math.max],
    ['minimum', Math.max],
    ['maxLength', Math.min],
    ['maximum', Math.min],
  ] as const) {
    const both = [documented[keyword], rule[keyword]].filter((bound) => bound !== undefined);
    if (both.length > 0) result[keyword] = pick(...both);
  }
  return result;
}

/** Adds a class's rules to its schema: what a field must be, and which fields must be there. */
export function applyClassRules(schema: Schema, target: Class): void {
  const byProperty = getMetadataStorage().groupByPropertyName(
    getMetadataStorage().getTargetValidationMetadatas(target, '', true, false),
  );
  const properties = (schema.properties ??= {});
  const required = new Set(schema.required ?? []);
  for (const [name, rules] of Object.entries(byProperty)) {
    const { schema: rule, optional } = propertyRules(rules);
    const existing = properties[name] as (Schema & ReferenceObject) | undefined;
    if (existing?.$ref || existing?.allOf) {
      // A nested DTO: its own schema carries its rules.
      if (rule.nullable) properties[name] = { allOf: [existing], nullable: true } as Schema;
    } else properties[name] = merged(existing ?? {}, rule);
    if (optional) required.delete(name);
    else required.add(name);
  }
  if (required.size > 0) schema.required = [...required];
  else delete schema.required;
}

/** Adds a query DTO's rules to the operation's query parameters. */
function applyQueryRules(parameters: (ParameterObject | ReferenceObject)[], target: Class) {
  const holder: Schema = { properties: {}, required: [] };
  applyClassRules(holder, target);
  for (const parameter of parameters as ParameterObject[]) {
    if (parameter.in !== 'query') continue;
    const rule = holder.properties?.[parameter.name] as Schema | undefined;
    if (!rule) continue;
    // Query values arrive as text: a number is parsed from it, and an empty value is absent.
    const { nullable: _nullable, ...schema } = rule;
    parameter.schema = merged((parameter.schema ?? {}) as Schema, schema);
    parameter.required = holder.required?.includes(parameter.name) ?? false;
  }
}

/** The component schema a request body refers to, if it refers to one. */
function bodySchemaName(operation: OperationObject): string | undefined {
  const content = (operation.requestBody as RequestBodyObject | undefined)?.content ?? {};
  const reference = (Object.values(content)[0]?.schema as ReferenceObject | undefined)?.$ref;
  return reference?.split('/').at(-1);
}

/**
 * The DTOs' class-validator rules written into the API document: a schema named after a
 * validated class gets its types, lengths, bounds, formats, enums and patterns, which fields are
 * required and which may be null, and no fields beyond its own (the validation pipe refuses
 * them), unless a route reads that body itself (an edit form sent back whole); a query DTO's
 * rules go to the operation's query parameters.
 */
export function applyValidationRules(document: OpenAPIObject, handlers: OperationHandlers): void {
  const classes = validatedClasses();
  const readByRoute = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as OperationObject[]) {
      const handler = operation?.operationId ? handlers.get(operation.operationId) : undefined;
      const body = operation?.requestBody && bodySchemaName(operation);
      if (body && handler && !handler.bodyType) readByRoute.add(body);
      if (handler?.queryType && operation.parameters)
        applyQueryRules(operation.parameters, handler.queryType);
    }
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const target = classes.get(name);
    if (!target || '$ref' in schema) continue;
    applyClassRules(schema, target);
    if (!readByRoute.has(name)) schema.additionalProperties = false;
  }
}
