CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer,
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text,
	"client_secret" text,
	"confirmation_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"vendor_payout_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"duration_mins" integer NOT NULL,
	"options_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_notes" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"payment_method_brand" text,
	"payment_method_last4" varchar(4),
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK (status in ('open', 'succeeded', 'conflict', 'canceled', 'failed')),
	CONSTRAINT "payments_provider_check" CHECK (provider in ('sandbox', 'stripe')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."subtotal_cents" >= 0 and "payments"."service_fee_cents" >= 0 and "payments"."commission_cents" >= 0 and "payments"."vendor_payout_cents" >= 0
        and "payments"."total_cents" = "payments"."subtotal_cents" + "payments"."service_fee_cents"
        and "payments"."subtotal_cents" = "payments"."commission_cents" + "payments"."vendor_payout_cents"
        and "payments"."refunded_cents" between 0 and "payments"."total_cents"),
	CONSTRAINT "payments_duration_check" CHECK ("payments"."duration_mins" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer,
	"order_id" integer,
	"payment_intent_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_owner_check" CHECK (num_nonnulls("refunds"."payment_id", "refunds"."order_id") >= 1),
	CONSTRAINT "refunds_kind_check" CHECK (kind in ('cancel', 'partial', 'conflict', 'provider')),
	CONSTRAINT "refunds_status_check" CHECK (status in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_idx" ON "payments" USING btree ("provider","intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_confirmation_idx" ON "payments" USING btree ("confirmation_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_hold_idx" ON "payments" USING btree ("vendor_id","status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_objects_object_idx" ON "sandbox_objects" USING btree ("object","created_at");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK (action in ('created', 'rescheduled', 'cancelled', 'refunded', 'partially_refunded', 'fulfilled', 'payout_scheduled', 'payout_sent', 'payout_failed', 'disputed', 'refund_failed', 'reminder_sent'));