ALTER TABLE "bookings" ADD COLUMN "plan_frequency" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "plan_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_check" CHECK (("bookings"."plan_frequency" is null and "bookings"."plan_discount_percent" is null) or (plan_frequency in ('weekly', 'every_2_weeks', 'every_4_weeks', 'monthly', 'every_3_months', 'every_6_months') and "bookings"."plan_discount_percent" between 0 and 50));