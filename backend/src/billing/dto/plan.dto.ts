import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MEMBER_PLANS, type MemberPlan, type MemberPlanRequest } from '@leadpulse/common';

/** A monthly plan a member can subscribe to or move to. */
export class MemberPlanDto implements MemberPlanRequest {
  @ApiProperty({ enum: MEMBER_PLANS })
  @IsIn(MEMBER_PLANS, { message: 'Please choose a plan.' })
  plan: MemberPlan;
}
