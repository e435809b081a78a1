import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  COMMENT_POST_MAX_LENGTH,
  type CreateCommentDraftsRequest,
  type PageQuery,
} from '@leadpulse/common';

/** POST /api/comment-drafts. */
export class CreateCommentDraftsDto implements CreateCommentDraftsRequest {
  @ApiProperty({ maxLength: COMMENT_POST_MAX_LENGTH })
  @IsString()
  @MaxLength(COMMENT_POST_MAX_LENGTH, {
    message: `The post may be up to ${COMMENT_POST_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  })
  @Matches(/\S/, { message: 'Paste the text of the post.' })
  post_text: string;

  @ApiPropertyOptional({ maxLength: 2048 })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'Enter the post’s address, starting with https://.' },
  )
  post_url?: string;

  @ApiPropertyOptional() @IsOptional() @IsUUID() lead_id?: string;
}

/** GET /api/comment-drafts. */
export class CommentDraftsListQueryDto implements PageQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;
}
