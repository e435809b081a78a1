import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { INT4_MAX } from '../../common/limits.js';
import { PROMOTION_TYPES, type PromotionType } from '../promotion.entity.js';
import { Omittable } from '../../common/validation.js';
import type { CreatePromotionRequest, UpdatePromotionRequest } from '@leadpulse/common';

export class CreatePromotionDto implements CreatePromotionRequest {
  @ApiProperty()
  @MaxLength(100)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  name: string;

  @ApiProperty({ example: 'SPRING25' })
  @Matches(/^[A-Za-z0-9_-]{3,32}$/, {
    message: 'The code is 3 to 32 letters, digits, dashes or underscores.',
  })
  code: string;

  @ApiProperty({ enum: PROMOTION_TYPES })
  @IsIn(PROMOTION_TYPES, { message: 'Please choose percentage or fixed amount.' })
  type: PromotionType;

  /** Percent (1–100) or cents. */
  @ApiProperty() @IsInt() @Min(1) @Max(1_000_000) value: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, maximum: INT4_MAX })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  max_uses?: number | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsDateString() expires_at?: string | null;

  @ApiPropertyOptional({ default: true }) @Omittable() @IsBoolean() active?: boolean;
}

/** Edits: the name and Active change in place; a new code, value, limit or expiry makes a new Stripe code. */
export class UpdatePromotionDto implements UpdatePromotionRequest {
  @ApiPropertyOptional() @Omittable() @IsString() @IsNotEmpty() @MaxLength(100) name?: string;
  @ApiPropertyOptional()
  @Omittable()
  @Matches(/^[A-Za-z0-9_-]{3,32}$/, {
    message: 'The code is 3 to 32 letters, digits, dashes or underscores.',
  })
  code?: string;
  @ApiPropertyOptional({ enum: PROMOTION_TYPES })
  @Omittable()
  @IsIn(PROMOTION_TYPES)
  type?: PromotionType;
  @ApiPropertyOptional() @Omittable() @IsInt() @Min(1) @Max(1_000_000) value?: number;
  @ApiPropertyOptional({ type: 'integer', nullable: true, maximum: INT4_MAX })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  max_uses?: number | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsDateString() expires_at?: string | null;
  @ApiPropertyOptional() @Omittable() @IsBoolean() active?: boolean;
}
