import type { SchemaObject } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Omittable, OneLineName } from '../common/validation.js';
import { applyClassRules } from './validation-rules.js';

class Sample {
  @MaxLength(254) @IsEmail() @IsNotEmpty() email: string;
  @MinLength(8) @MaxLength(1024) @IsString() password: string;
  @OneLineName() @Omittable() @IsString() @MaxLength(100) name?: string;
  @IsOptional() @IsString() @MaxLength(32) phone?: string | null;
  @IsIn(['monthly', 'yearly']) period: string;
  @IsOptional() @IsInt() @Min(1) @Max(36) months?: number;
  @IsUUID() id: string;
  @IsOptional() @IsISO8601() at?: string;
  @Matches(/^[A-Z0-9_-]{3,32}$/) code: string;
  @IsBoolean() active: boolean;
  @IsString({ each: true }) @MaxLength(20, { each: true }) @ArrayMaxSize(5) tags: string[];
}

describe('applyClassRules', () => {
  const schema: SchemaObject = {
    type: 'object',
    // What @nestjs/swagger writes without the rules: `string | null` as an object, a hint kept.
    properties: { phone: { type: 'object', nullable: true }, password: { minLength: 10 } },
  };
  applyClassRules(schema, Sample);
  const property = (name: string) => schema.properties?.[name];

  it('writes each validator as its JSON Schema keyword', () => {
    expect(property('email')).toEqual({
      type: 'string',
      format: 'email',
      minLength: 1,
      maxLength: 254,
    });
    expect(property('period')).toEqual({ enum: ['monthly', 'yearly'] });
    expect(property('months')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 36,
      nullable: true,
    });
    expect(property('id')).toEqual({ type: 'string', format: 'uuid' });
    expect(property('at')).toEqual({ type: 'string', format: 'date-time', nullable: true });
    expect(property('code')).toEqual({ pattern: '^[A-Z0-9_-]{3,32}$' });
    expect(property('active')).toEqual({ type: 'boolean' });
    expect(property('tags')).toEqual({
      maxItems: 5,
      items: { type: 'string', maxLength: 20 },
    });
  });

  it('keeps the stricter of a documented bound and the validator', () => {
    expect(property('password')).toEqual({ type: 'string', minLength: 10, maxLength: 1024 });
  });

  it('corrects the type swagger guessed from a union and keeps it nullable', () => {
    expect(property('phone')).toEqual({ type: 'string', nullable: true, maxLength: 32 });
  });

  it('leaves out a pattern JSON Schema cannot carry (a Unicode property class)', () => {
    expect(property('name')).toEqual({ type: 'string', maxLength: 100 });
  });

  it('requires every field without IsOptional or Omittable; only IsOptional allows null', () => {
    expect(schema.required?.sort()).toEqual(
      ['active', 'code', 'email', 'id', 'password', 'period', 'tags'].sort(),
    );
    expect(property('name')).not.toHaveProperty('nullable');
  });
});
