CREATE TABLE "plan_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"plan_visit_id" integer,
	"actor_user_id" integer,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"amount_cents" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_events_role_check" CHECK (actor_role in ('customer', 'vendor', 'system', 'admin')),
	CONSTRAINT "plan_events_action_check" CHECK (action in ('created', 'visit_held', 'visit_clashed', 'visit_moved', 'visit_needs_time', 'visit_released', 'visit_skipped', 'visit_rescheduled', 'visit_charged', 'visit_ordered', 'visit_payment_failed', 'visit_action_required', 'visit_cancelled', 'paused', 'resumed', 'frequency_changed', 'time_changed', 'price_proposed', 'price_accepted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "plan_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"local_date" date NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"appointment_end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"charge_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"payment_intent_id" text,
	"idempotency_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"pay_deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_visits_status_check" CHECK (status in ('held', 'charging', 'ordered', 'skipped', 'cancelled', 'payment_failed', 'action_required', 'needs_time')),
	CONSTRAINT "plan_visits_sequence_check" CHECK ("plan_visits"."sequence" >= 1),
	CONSTRAINT "plan_visits_time_check" CHECK ("plan_visits"."appointment_end_at" > "plan_visits"."appointment_at"),
	CONSTRAINT "plan_visits_attempts_check" CHECK ("plan_visits"."attempts" >= 0),
	CONSTRAINT "plan_visits_ordered_check" CHECK ("plan_visits"."status" <> 'ordered' or "plan_visits"."order_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"anchor_local_date" date NOT NULL,
	"anchor_start_minutes" integer NOT NULL,
	"duration_mins" integer NOT NULL,
	"answers_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_notes" text,
	"base_subtotal_cents" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" date,
	"payment_provider" text NOT NULL,
	"provider_customer_id" text,
	"payment_method_id" text,
	"payment_method_brand" text,
	"payment_method_last4" varchar(4),
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"proposed_base_subtotal_cents" integer,
	"proposed_discount_percent" integer,
	"proposed_subtotal_cents" integer,
	"proposed_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_status_check" CHECK (status in ('active', 'paused', 'cancelled')),
	CONSTRAINT "plans_frequency_check" CHECK (frequency in ('weekly', 'every_2_weeks', 'every_4_weeks', 'monthly', 'every_3_months', 'every_6_months')),
	CONSTRAINT "plans_provider_check" CHECK (payment_provider in ('sandbox', 'stripe')),
	CONSTRAINT "plans_cancelled_by_check" CHECK (cancelled_by is null or cancelled_by in ('customer', 'vendor', 'system', 'admin')),
	CONSTRAINT "plans_start_check" CHECK ("plans"."anchor_start_minutes" between 0 and 1439),
	CONSTRAINT "plans_duration_check" CHECK ("plans"."duration_mins" > 0),
	CONSTRAINT "plans_money_check" CHECK ("plans"."base_subtotal_cents" >= 0 and "plans"."subtotal_cents" >= 0 and "plans"."service_fee_cents" >= 0
        and "plans"."discount_percent" between 0 and 50
        and ("plans"."proposed_base_subtotal_cents" is null or "plans"."proposed_base_subtotal_cents" >= 0)
        and ("plans"."proposed_subtotal_cents" is null or "plans"."proposed_subtotal_cents" >= 0)
        and ("plans"."proposed_discount_percent" is null or "plans"."proposed_discount_percent" between 0 and 50)),
	CONSTRAINT "plans_cancelled_check" CHECK (("plans"."status" = 'cancelled') = ("plans"."cancelled_at" is not null)),
	CONSTRAINT "plans_paused_check" CHECK ("plans"."status" <> 'paused' or "plans"."paused_until" is not null)
);
--> statement-breakpoint
CREATE TABLE "time_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"order_id" integer,
	"plan_visit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_claims_one_owner" CHECK (num_nonnulls("time_claims"."order_id", "time_claims"."plan_visit_id") = 1),
	CONSTRAINT "time_claims_not_empty" CHECK (not isempty("time_claims"."during") and not lower_inf("time_claims"."during") and not upper_inf("time_claims"."during"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_visit_id" integer;--> statement-breakpoint
ALTER TABLE "plan_events" ADD CONSTRAINT "plan_events_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_events" ADD CONSTRAINT "plan_events_plan_visit_id_plan_visits_id_fk" FOREIGN KEY ("plan_visit_id") REFERENCES "public"."plan_visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_events" ADD CONSTRAINT "plan_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visits" ADD CONSTRAINT "plan_visits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visits" ADD CONSTRAINT "plan_visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_claims" ADD CONSTRAINT "time_claims_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_claims" ADD CONSTRAINT "time_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_claims" ADD CONSTRAINT "time_claims_plan_visit_id_plan_visits_id_fk" FOREIGN KEY ("plan_visit_id") REFERENCES "public"."plan_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_events_plan_idx" ON "plan_events" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_sequence_idx" ON "plan_visits" USING btree ("plan_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_visits_order_idx" ON "plan_visits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "plan_visits_charge_idx" ON "plan_visits" USING btree ("charge_at","id") WHERE "plan_visits"."status" = 'held';--> statement-breakpoint
CREATE INDEX "plans_user_idx" ON "plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_vendor_idx" ON "plans" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "time_claims_order_idx" ON "time_claims" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_claims_plan_visit_idx" ON "time_claims" USING btree ("plan_visit_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_visit_id_plan_visits_id_fk" FOREIGN KEY ("plan_visit_id") REFERENCES "public"."plan_visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_plan_visit_idx" ON "orders" USING btree ("plan_visit_id");--> statement-breakpoint
CREATE INDEX "orders_plan_idx" ON "orders" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_visit_check" CHECK ("orders"."plan_visit_id" is null or "orders"."plan_id" is not null);