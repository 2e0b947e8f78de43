ALTER TABLE "reviews" DROP CONSTRAINT "reviews_body_length";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "google_place_id" varchar(255);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "google_reviews_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_body_length" CHECK ("reviews"."body" is null or char_length("reviews"."body") between case when "reviews"."review_type" = 'product' then 10 else 1 end and 5000);