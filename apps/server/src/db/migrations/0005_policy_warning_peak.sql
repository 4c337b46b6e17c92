-- The peak of a policy warning and when it was seen: warnings already open start from their latest value.
ALTER TABLE "policy_warnings" ADD COLUMN "peak_value" double precision;--> statement-breakpoint
ALTER TABLE "policy_warnings" ADD COLUMN "peak_at" timestamp with time zone;--> statement-breakpoint
UPDATE "policy_warnings" SET "peak_value" = "value", "peak_at" = "started_at";--> statement-breakpoint
ALTER TABLE "policy_warnings" ALTER COLUMN "peak_value" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_warnings" ALTER COLUMN "peak_at" SET NOT NULL;
