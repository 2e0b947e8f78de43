CREATE TABLE "vendor_plan_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_plan_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"discount_percent" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_plan_offers_frequency_check" CHECK (frequency in ('weekly', 'every_2_weeks', 'every_4_weeks', 'monthly', 'every_3_months', 'every_6_months')),
	CONSTRAINT "vendor_plan_offers_discount_check" CHECK ("vendor_plan_offers"."discount_percent" BETWEEN 0 AND 50)
);
--> statement-breakpoint
ALTER TABLE "vendor_plan_offers" ADD CONSTRAINT "vendor_plan_offers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_plan_offers_vendor_frequency_idx" ON "vendor_plan_offers" USING btree ("vendor_id","frequency");--> statement-breakpoint
-- ADR 0037: a vendor's plan offers are in its public read (GET /api/vendors/{id} answers planOffers), so
-- every change to them bumps the public reads' version (ADR 0022) in the writing transaction.
CREATE CONSTRAINT TRIGGER "vendor_plan_offers_public_reads" AFTER INSERT OR DELETE ON "vendor_plan_offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_plan_offers_public_reads_update" AFTER UPDATE ON "vendor_plan_offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION public_reads_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_plan_offers_public_reads_truncate" AFTER TRUNCATE ON "vendor_plan_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
