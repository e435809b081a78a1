import type { PromotionRecord } from '@leadpulse/common';
import type { PromotionEntity } from './promotion.entity.js';

export function toPromotionRecord(promotion: PromotionEntity): PromotionRecord<Date> {
  return {
    id: promotion.id,
    name: promotion.name,
    code: promotion.code,
    type: promotion.type,
    value: promotion.value,
    max_uses: promotion.max_uses,
    current_uses: promotion.current_uses,
    active: promotion.active,
    expires_at: promotion.expires_at,
    stripe_coupon_id: promotion.stripe_coupon_id,
    stripe_promotion_code_id: promotion.stripe_promotion_code_id,
    created_at: promotion.created_at,
    updated_at: promotion.updated_at,
  };
}
