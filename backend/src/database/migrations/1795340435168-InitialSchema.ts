import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Extensions, the sign-in identity, the customer record and the seeded plan catalogue. */
export class InitialSchema1795340435168 implements MigrationInterface {
  name = 'InitialSchema1795340435168';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await queryRunner.query(`
      CREATE TABLE "auth_accounts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "email" citext NOT NULL,
        "password_hash" text,
        "email_confirmed_at" TIMESTAMP WITH TIME ZONE,
        "metadata" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "last_sign_in_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_68ef151103dbf5e7e9932972b26" UNIQUE ("email"),
        CONSTRAINT "PK_8c9dc84256aeaa852e4d87d782b" PRIMARY KEY ("id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "plans" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "code" character varying(32) NOT NULL,
        "name" character varying(64) NOT NULL,
        "price_cents" integer NOT NULL,
        "currency" character varying(3) NOT NULL DEFAULT 'usd',
        "interval" character varying(8) NOT NULL DEFAULT 'month',
        "interval_count" integer NOT NULL DEFAULT '1',
        "description" text NOT NULL,
        "emoji" character varying(16) NOT NULL,
        "color" character varying(16) NOT NULL,
        "features" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "limits" jsonb NOT NULL,
        "stripe_price_id" character varying(255),
        "active" boolean NOT NULL DEFAULT true,
        "sort_order" integer NOT NULL DEFAULT '0',
        CONSTRAINT "UQ_95f7ef3fc4c31a3545b4d825dd4" UNIQUE ("code"),
        CONSTRAINT "PK_3720521a81c7c24fe9b7202ba61" PRIMARY KEY ("id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "email" citext NOT NULL,
        "first_name" character varying(100) NOT NULL DEFAULT '',
        "last_name" character varying(100) NOT NULL DEFAULT '',
        "phone" character varying(32),
        "company" character varying(200),
        "job_title" character varying(200),
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "is_admin" boolean NOT NULL DEFAULT false,
        "founding_member" boolean NOT NULL DEFAULT false,
        "founding_member_purchased_at" TIMESTAMP WITH TIME ZONE,
        "founding_member_transitioned_at" TIMESTAMP WITH TIME ZONE,
        "auth_user_id" uuid,
        "password_set" boolean NOT NULL DEFAULT false,
        "subscription_plan" character varying(32),
        "subscription_status" character varying(32),
        "current_plan_id" uuid,
        "current_period_end" TIMESTAMP WITH TIME ZONE,
        "stripe_customer_id" character varying(255),
        "stripe_subscription_id" character varying(255),
        "promo_active" boolean NOT NULL DEFAULT false,
        "promo_type" character varying(32),
        "promo_expiration_date" TIMESTAMP WITH TIME ZONE,
        "billing_name" character varying(200),
        "billing_email" citext,
        "billing_phone" character varying(32),
        "billing_address" jsonb,
        "last_sync_at" TIMESTAMP WITH TIME ZONE,
        "notification_preferences" jsonb NOT NULL DEFAULT '{"emailUpdates": true, "featureAnnouncements": true, "billingAlerts": true, "weeklyDigest": false}'::jsonb,
        CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"),
        CONSTRAINT "UQ_5ffbe395603641c29e8ce9b4c97" UNIQUE ("stripe_customer_id"),
        CONSTRAINT "REL_8d4681a2d24fe0a272f0f6cce7" UNIQUE ("auth_user_id"),
        CONSTRAINT "users_status_check" CHECK ("status" IN ('pending', 'paid', 'active', 'inactive')),
        CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "users_created_at_idx" ON "users" ("created_at")`);
    await queryRunner.query(`
      ALTER TABLE "users" ADD CONSTRAINT "FK_8d4681a2d24fe0a272f0f6cce7f"
        FOREIGN KEY ("auth_user_id") REFERENCES "auth_accounts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`
      ALTER TABLE "users" ADD CONSTRAINT "FK_135e3e0c33045bbf18b2823fd6d"
        FOREIGN KEY ("current_plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);

    // The catalogue of member-site.md section 9 as it stood when this migration was written;
    // later price or feature changes are migrations of their own.
    await queryRunner.query(`
      INSERT INTO "plans" ("code", "name", "price_cents", "interval_count", "description", "emoji", "color", "features", "limits", "sort_order")
      VALUES
        ('prospector', 'Prospector', 7500, 1,
         'For individual sellers who want their warmest prospects surfaced every day.', '🔍', 'blue',
         '["Monitor 5 prospect profiles", "Track 100 profiles", "1,000 AI credits per month", "AI lead scoring", "Personalized comment suggestions"]',
         '{"profiles_monitored": 5, "profiles_tracked": 100, "ai_credits": 1000}', 1),
        ('networker', 'Networker', 14500, 1,
         'For busy sellers who work a larger territory.', '🤝', 'green',
         '["Monitor 10 prospect profiles", "Track 300 profiles", "3,000 AI credits per month", "Everything in Prospector", "Dream lead tracker"]',
         '{"profiles_monitored": 10, "profiles_tracked": 300, "ai_credits": 3000}', 2),
        ('rainmaker', 'Rainmaker', 19900, 1,
         'For teams and agencies that run outreach at scale.', '🌧️', 'purple',
         '["Monitor 20 prospect profiles", "Track 500 profiles", "10,000 AI credits per month", "Everything in Networker", "Analytics dashboard", "Automation engine"]',
         '{"profiles_monitored": 20, "profiles_tracked": 500, "ai_credits": 10000}', 3),
        ('founding_member', 'Founding Member', 5000, 3,
         'A one-time start at $50 for the first 3 months, then Prospector at $75/month.', '⭐', 'yellow',
         '["3 months premium access", "Unlimited AI monitoring", "Feature voting rights", "Private community"]',
         '{"profiles_monitored": 20, "profiles_tracked": 500, "ai_credits": 10000}', 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_135e3e0c33045bbf18b2823fd6d"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_8d4681a2d24fe0a272f0f6cce7f"`);
    await queryRunner.query(`DROP INDEX "public"."users_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "plans"`);
    await queryRunner.query(`DROP TABLE "auth_accounts"`);
  }
}
