import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const MEMBER_PLANS = ['prospector', 'networker', 'rainmaker'] as const;
export type MemberPlan = (typeof MEMBER_PLANS)[number];

/** A monthly plan a member can subscribe to or move to. */
export class MemberPlanDto {
  @ApiProperty({ enum: MEMBER_PLANS })
  @IsIn(MEMBER_PLANS, { message: 'Please choose a plan.' })
  plan: MemberPlan;
}
