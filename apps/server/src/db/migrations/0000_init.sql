CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"vendor_id" integer,
	"street_address" varchar(200) NOT NULL,
	"street_address_2" varchar(200),
	"city" varchar(100) NOT NULL,
	"state" varchar(2) DEFAULT 'UT' NOT NULL,
	"zip_code" varchar(5) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_owner_check" CHECK (num_nonnulls("addresses"."user_id", "addresses"."vendor_id") = 1),
	CONSTRAINT "addresses_state_check" CHECK ("addresses"."state" = 'UT'),
	CONSTRAINT "addresses_zip_check" CHECK (zip_code in ('84765', '84770', '84780', '84790'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"session_id" integer,
	"address_id" integer,
	"vendor_id" integer NOT NULL,
	"status" text DEFAULT 'priced' NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_mins" integer NOT NULL,
	"appointment_at" timestamp with time zone,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_notes" text,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK (status in ('priced', 'scheduled', 'pending', 'paid', 'completed')),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" >= 0),
	CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_mins" > 0),
	CONSTRAINT "bookings_notes_length" CHECK (char_length("bookings"."customer_notes") <= 2000),
	CONSTRAINT "bookings_owner_check" CHECK (num_nonnulls("bookings"."user_id", "bookings"."session_id") >= 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_busy_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_busy_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_calendar_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_busy_entries_range_check" CHECK ("calendar_busy_entries"."end_time" > "calendar_busy_entries"."start_time")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"blob_id" text NOT NULL,
	"vendor_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_kind_check" CHECK (kind in ('logo', 'banner', 'gallery', 'avatar')),
	CONSTRAINT "images_size_check" CHECK ("images"."byte_size" > 0 and "images"."width" > 0 and "images"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK (status in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"amount_cents" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_role_check" CHECK (actor_role in ('customer', 'vendor', 'system', 'admin')),
	CONSTRAINT "order_events_action_check" CHECK (action in ('created', 'rescheduled', 'cancelled', 'refunded', 'partially_refunded', 'fulfilled', 'payout_scheduled', 'payout_sent', 'payout_failed', 'disputed'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"confirmation_id" text NOT NULL,
	"booking_id" integer,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"appointment_at" timestamp with time zone NOT NULL,
	"appointment_end_at" timestamp with time zone NOT NULL,
	"duration_mins" integer NOT NULL,
	"customer_notes" text,
	"optional_note" text,
	"options_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL,
	"payment_status" text DEFAULT 'collected' NOT NULL,
	"payment_provider" text DEFAULT 'sandbox' NOT NULL,
	"payment_intent_id" text,
	"payment_method_last4" varchar(4),
	"payment_method_brand" text,
	"total_collected_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"vendor_payout_cents" integer NOT NULL,
	"refund_amount_cents" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"cancel_reason" text,
	"payout_last4" varchar(4),
	"payout_bank_name" text,
	"previous_appointment_at" timestamp with time zone,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"payout_due_at" timestamp with time zone,
	"paid_out_at" timestamp with time zone,
	"transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_fulfillment_check" CHECK (fulfillment_status in ('unfulfilled', 'rescheduled', 'fulfilled', 'cancelled', 'disputed')),
	CONSTRAINT "orders_payment_check" CHECK (payment_status in ('collected', 'processed', 'refunded', 'partially_refunded', 'pending')),
	CONSTRAINT "orders_time_check" CHECK ("orders"."appointment_end_at" > "orders"."appointment_at"),
	CONSTRAINT "orders_duration_check" CHECK ("orders"."duration_mins" > 0),
	CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."total_collected_cents" >= 0 and "orders"."service_fee_cents" >= 0 and "orders"."commission_cents" >= 0 and "orders"."vendor_payout_cents" >= 0 and "orders"."refund_amount_cents" >= 0),
	CONSTRAINT "orders_money_balances" CHECK ("orders"."total_collected_cents" = "orders"."service_fee_cents" + "orders"."commission_cents" + "orders"."vendor_payout_cents" + "orders"."refund_amount_cents")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_provider_check" CHECK (provider in ('sandbox', 'stripe')),
	CONSTRAINT "payment_methods_last4_check" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_check" CHECK ("payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "pricing_input_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_input_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pricing_input_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"option_type" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pricing_input_options_type_check" CHECK ("pricing_input_options"."option_type" is null or "pricing_input_options"."option_type" in ('max', 'min', 'step', 'tooltip', 'default')),
	CONSTRAINT "pricing_input_options_value_check" CHECK ("pricing_input_options"."value" = "pricing_input_options"."value" and abs("pricing_input_options"."value") < 1e9)
);
--> statement-breakpoint
CREATE TABLE "pricing_inputs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_inputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"alias" varchar(40) NOT NULL,
	"input_type" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_inputs_type_check" CHECK (input_type in ('radio', 'select', 'range')),
	CONSTRAINT "pricing_inputs_alias_check" CHECK ("pricing_inputs"."alias" ~ '^[A-Z][A-Z0-9_]*$')
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"user_id" integer,
	"review_type" text NOT NULL,
	"body" text,
	"score" smallint NOT NULL,
	"author_first_name" varchar(100) NOT NULL,
	"author_last_name" varchar(100) DEFAULT '' NOT NULL,
	"author_image_url" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_score_check" CHECK ("reviews"."score" between 1 and 5),
	CONSTRAINT "reviews_type_check" CHECK (review_type in ('product', 'google')),
	CONSTRAINT "reviews_product_author_check" CHECK ("reviews"."review_type" <> 'product' or "reviews"."user_id" is not null),
	CONSTRAINT "reviews_body_length" CHECK ("reviews"."body" is null or char_length("reviews"."body") between 10 and 5000)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"guest_inputs" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_inputs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_inputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address_id" integer NOT NULL,
	"pricing_input_id" integer NOT NULL,
	"value_string" varchar(200) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone_number" varchar(10) NOT NULL,
	"password_digest" text NOT NULL,
	"user_type" text DEFAULT 'customer' NOT NULL,
	"vendor_id" integer,
	"service_charge_cents" integer DEFAULT 255 NOT NULL,
	"current_address_id" integer,
	"payment_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK (user_type in ('customer', 'vendor')),
	CONSTRAINT "users_vendor_type_check" CHECK (("users"."user_type" = 'vendor') = ("users"."vendor_id" is not null)),
	CONSTRAINT "users_phone_check" CHECK ("users"."phone_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_service_charge_check" CHECK ("users"."service_charge_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"api_integrated" boolean DEFAULT false NOT NULL,
	"integration_type" text,
	"integrated_calendar_id" text,
	"ics_url" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"sync_error" text,
	"workday_start_minutes" integer DEFAULT 480 NOT NULL,
	"workday_end_minutes" integer DEFAULT 1020 NOT NULL,
	"drive_time_buffer_mins" integer DEFAULT 30 NOT NULL,
	"booking_window_start_days" integer DEFAULT 2 NOT NULL,
	"booking_window_end_days" integer DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_calendars_integration_check" CHECK ("vendor_calendars"."integration_type" is null or "vendor_calendars"."integration_type" in ('google', 'jobber', 'ics')),
	CONSTRAINT "vendor_calendars_workday_check" CHECK ("vendor_calendars"."workday_start_minutes" >= 0 and "vendor_calendars"."workday_end_minutes" <= 1440 and "vendor_calendars"."workday_start_minutes" < "vendor_calendars"."workday_end_minutes"),
	CONSTRAINT "vendor_calendars_gap_check" CHECK ("vendor_calendars"."drive_time_buffer_mins" between 0 and 60),
	CONSTRAINT "vendor_calendars_notice_check" CHECK ("vendor_calendars"."booking_window_start_days" between 0 and 21),
	CONSTRAINT "vendor_calendars_limit_check" CHECK ("vendor_calendars"."booking_window_end_days" between 30 and 180)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"category" text NOT NULL,
	"phone_number" varchar(10) NOT NULL,
	"email" varchar(254) NOT NULL,
	"service_description" text,
	"listing_status" text DEFAULT 'awaiting_submission' NOT NULL,
	"stripe_integrated" text DEFAULT 'inactive' NOT NULL,
	"payment_account_id" text,
	"payout_last4" varchar(4),
	"payout_bank_name" text,
	"logo_image_id" integer,
	"banner_image_id" integer,
	"min_price_cents" integer DEFAULT 3500 NOT NULL,
	"pricing_formula" text DEFAULT 'x' NOT NULL,
	"staged_formula" text,
	"previous_formula" text,
	"price_to_duration_rate_cents" integer DEFAULT 3500 NOT NULL,
	"cancelation_policy_hours" integer DEFAULT 24 NOT NULL,
	"appointment_instructions" text,
	"commission_bps" integer DEFAULT 1000 NOT NULL,
	"calendar_skipped" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_category_check" CHECK (category in ('house_cleaning', 'pest_control', 'window_cleaning', 'garbage_can_cleaning', 'carpet_cleaning', 'auto_detailing')),
	CONSTRAINT "vendors_listing_status_check" CHECK (listing_status in ('awaiting_submission', 'under_review', 'active', 'inactive')),
	CONSTRAINT "vendors_stripe_integrated_check" CHECK (stripe_integrated in ('active', 'inactive', 'onboarding')),
	CONSTRAINT "vendors_phone_check" CHECK ("vendors"."phone_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "vendors_description_length" CHECK (char_length("vendors"."service_description") <= 500),
	CONSTRAINT "vendors_instructions_length" CHECK (char_length("vendors"."appointment_instructions") <= 500),
	CONSTRAINT "vendors_min_price_check" CHECK ("vendors"."min_price_cents" >= 0),
	CONSTRAINT "vendors_rate_check" CHECK ("vendors"."price_to_duration_rate_cents" between 2000 and 100000),
	CONSTRAINT "vendors_policy_hours_check" CHECK ("vendors"."cancelation_policy_hours" between 0 and 24),
	CONSTRAINT "vendors_commission_check" CHECK ("vendors"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_entries" ADD CONSTRAINT "calendar_busy_entries_vendor_calendar_id_vendor_calendars_id_fk" FOREIGN KEY ("vendor_calendar_id") REFERENCES "public"."vendor_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_input_options" ADD CONSTRAINT "pricing_input_options_pricing_input_id_pricing_inputs_id_fk" FOREIGN KEY ("pricing_input_id") REFERENCES "public"."pricing_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_inputs" ADD CONSTRAINT "pricing_inputs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inputs" ADD CONSTRAINT "user_inputs_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inputs" ADD CONSTRAINT "user_inputs_pricing_input_id_pricing_inputs_id_fk" FOREIGN KEY ("pricing_input_id") REFERENCES "public"."pricing_inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_address_id_addresses_id_fk" FOREIGN KEY ("current_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_calendars" ADD CONSTRAINT "vendor_calendars_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_banner_image_id_images_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_vendor_idx" ON "addresses" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "bookings_vendor_idx" ON "bookings" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_busy_entries_external_idx" ON "calendar_busy_entries" USING btree ("vendor_calendar_id","external_id");--> statement-breakpoint
CREATE INDEX "calendar_busy_entries_time_idx" ON "calendar_busy_entries" USING btree ("vendor_calendar_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "images_blob_id_idx" ON "images" USING btree ("blob_id");--> statement-breakpoint
CREATE INDEX "images_vendor_idx" ON "images" USING btree ("vendor_id","kind","position");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirmation_idx" ON "orders" USING btree ("confirmation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_booking_idx" ON "orders" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_vendor_idx" ON "orders" USING btree ("vendor_id","appointment_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_idx" ON "payment_methods" USING btree ("provider","provider_payment_method_id");--> statement-breakpoint
CREATE INDEX "pricing_input_options_input_idx" ON "pricing_input_options" USING btree ("pricing_input_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_inputs_alias_idx" ON "pricing_inputs" USING btree ("vendor_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_customer_idx" ON "reviews" USING btree ("vendor_id","user_id") WHERE "reviews"."review_type" = 'product';--> statement-breakpoint
CREATE INDEX "reviews_vendor_idx" ON "reviews" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_inputs_address_input_idx" ON "user_inputs" USING btree ("address_id","pricing_input_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_vendor_id_idx" ON "users" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_calendars_vendor_idx" ON "vendor_calendars" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendors_listing_status_idx" ON "vendors" USING btree ("listing_status","category");