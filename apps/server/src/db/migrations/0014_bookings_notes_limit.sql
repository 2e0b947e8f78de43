-- Issue 16: a booking's customer notes are at most 1000 characters in the database too (PRICING_LIMITS.customerNotesMax,
-- what the API and the form have always allowed; the constraint said 2000). Notes are stored trimmed and the API
-- refused longer ones, so no existing row is longer.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_notes_length";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_notes_length" CHECK (char_length("bookings"."customer_notes") <= 1000);