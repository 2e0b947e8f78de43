-- Issue 12, payouts (ADR 0017): one row per order's payout to its vendor — a transfer (sending, then sent
-- with the provider's transfer id), nothing to send (none), or a Paper Check owed until an operator records it.
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"destination_account_id" text,
	"transfer_id" text,
	"source_transaction" text,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"check_reference" text,
	"marked_paid_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_method_check" CHECK (method in ('transfer', 'paper_check', 'none')),
	CONSTRAINT "payouts_status_check" CHECK (status in ('sending', 'sent', 'owed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" >= 0),
	CONSTRAINT "payouts_transfer_check" CHECK ("payouts"."method" <> 'transfer' or ("payouts"."destination_account_id" is not null and ("payouts"."status" <> 'sent' or "payouts"."transfer_id" is not null))),
	CONSTRAINT "payouts_owed_check" CHECK ("payouts"."status" <> 'owed' or "payouts"."method" = 'paper_check'),
	CONSTRAINT "payouts_sent_check" CHECK ("payouts"."status" <> 'sent' or "payouts"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_marked_paid_by_users_id_fk" FOREIGN KEY ("marked_paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_idx" ON "payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transfer_idx" ON "payouts" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "payouts_owed_idx" ON "payouts" USING btree ("started_at") WHERE "payouts"."status" = 'owed';--> statement-breakpoint
CREATE INDEX "payouts_vendor_idx" ON "payouts" USING btree ("vendor_id","created_at");