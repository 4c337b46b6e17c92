-- Invites to set a password, kept only as token hashes (issue 14); when a notification-only contact unsubscribed; the headers of e-mails kept in the local outbox.
CREATE TABLE "user_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"sign_in_used_at" timestamp with time zone,
	CONSTRAINT "user_invites_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "notification_users" ADD COLUMN "email_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dev_outbox_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_invites_user_id_idx" ON "user_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_invites_customer_id_idx" ON "user_invites" USING btree ("customer_id");