import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import type { ChangePlanRequest } from '@leadpulse/common';

/** Change Subscription: the plan to move to. */
export class ChangePlanDto implements ChangePlanRequest {
  @ApiPropertyOptional({ enum: ['prospector', 'networker', 'rainmaker'] })
  @IsIn(['prospector', 'networker', 'rainmaker'], { message: 'Please choose a plan.' })
  plan: 'prospector' | 'networker' | 'rainmaker';
  /** Made once per dialog by the client: a retried submission changes the plan once. */
  @ApiPropertyOptional() @IsOptional() @IsUUID() request_id?: string;
}
