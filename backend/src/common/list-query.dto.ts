import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { ExportRequest, ListRequest } from '@leadpulse/common';

/** A back-office list's query; `parseListQuery` reads each parameter's JSON. */
export class ListQueryDto implements ListRequest {
  @ApiPropertyOptional({ description: 'The filters, a JSON object.', example: '{"q":"ada"}' })
  @IsOptional()
  @IsString()
  filter?: string;

  @ApiPropertyOptional({ description: 'The first and last row, a JSON array.', example: '[0,24]' })
  @IsOptional()
  @IsString()
  range?: string;

  @ApiPropertyOptional({
    description: 'The column and direction, a JSON array.',
    example: '["created_at","DESC"]',
  })
  @IsOptional()
  @IsString()
  sort?: string;
}

/** A list's CSV export: the list's filter only. */
export class ExportQueryDto
  extends PickType(ListQueryDto, ['filter'] as const)
  implements ExportRequest {}
