-- On-site hardware driven for real (issue 16): PA commands over MQTT, the hardware audit (who, when, why, what the device answered), scheduled siren drills and their runs; siren commands of operators and drills (tests, settings) with the siren's report; the settings a siren reports holding; a relay's board channel and what automation last set.
CREATE TABLE "hardware_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hardware_id" integer,
	"siren_id" integer,
	"relay_id" integer,
	"pa_unit_id" integer,
	"drill_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"outcome" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "hardware_audit_outcome_check" CHECK ("hardware_audit"."outcome" is null or "hardware_audit"."outcome" in ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pa_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pa_unit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	CONSTRAINT "pa_commands_status_check" CHECK ("pa_commands"."status" in ('pending', 'delivered', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "siren_drill_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"drill_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"scheduled_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"outcome" text,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text
);
--> statement-breakpoint
CREATE TABLE "siren_drill_sirens" (
	"drill_id" integer NOT NULL,
	"siren_id" integer NOT NULL,
	CONSTRAINT "siren_drill_sirens_drill_id_siren_id_pk" PRIMARY KEY("drill_id","siren_id")
);
--> statement-breakpoint
CREATE TABLE "siren_drills" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"test_type" text NOT NULL,
	"local_date" text NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"recurrence" text NOT NULL,
	"next_run_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "siren_drills_test_type_check" CHECK ("siren_drills"."test_type" in ('delay', 'all-clear', 'light')),
	CONSTRAINT "siren_drills_recurrence_check" CHECK ("siren_drills"."recurrence" in ('once', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "siren_commands" DROP CONSTRAINT "siren_commands_kind_check";--> statement-breakpoint
ALTER TABLE "remote_relays" ADD COLUMN "channel" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_relays" ADD COLUMN "automation_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sirens" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sirens" ADD COLUMN "reported_settings" jsonb;--> statement-breakpoint
ALTER TABLE "sirens" ADD COLUMN "settings_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "siren_commands" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "siren_commands" ADD COLUMN "reported_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "hardware_audit" ADD CONSTRAINT "hardware_audit_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_commands" ADD CONSTRAINT "pa_commands_pa_unit_id_pa_units_id_fk" FOREIGN KEY ("pa_unit_id") REFERENCES "public"."pa_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_commands" ADD CONSTRAINT "pa_commands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drill_runs" ADD CONSTRAINT "siren_drill_runs_drill_id_siren_drills_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."siren_drills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drill_runs" ADD CONSTRAINT "siren_drill_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drill_sirens" ADD CONSTRAINT "siren_drill_sirens_drill_id_siren_drills_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."siren_drills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drill_sirens" ADD CONSTRAINT "siren_drill_sirens_siren_id_sirens_id_fk" FOREIGN KEY ("siren_id") REFERENCES "public"."sirens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drills" ADD CONSTRAINT "siren_drills_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_drills" ADD CONSTRAINT "siren_drills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hardware_audit_customer_hardware_idx" ON "hardware_audit" USING btree ("customer_id","hardware_id","at");--> statement-breakpoint
CREATE INDEX "pa_commands_pa_unit_id_idx" ON "pa_commands" USING btree ("pa_unit_id");--> statement-breakpoint
CREATE INDEX "pa_commands_pending_idx" ON "pa_commands" USING btree ("expires_at") WHERE "pa_commands"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "siren_drill_runs_drill_id_idx" ON "siren_drill_runs" USING btree ("drill_id","started_at");--> statement-breakpoint
CREATE INDEX "siren_drill_sirens_siren_id_idx" ON "siren_drill_sirens" USING btree ("siren_id");--> statement-breakpoint
CREATE INDEX "siren_drills_customer_id_idx" ON "siren_drills" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "siren_drills_due_idx" ON "siren_drills" USING btree ("next_run_at") WHERE "siren_drills"."next_run_at" is not null;--> statement-breakpoint
ALTER TABLE "siren_commands" ADD CONSTRAINT "siren_commands_kind_check" CHECK ("siren_commands"."kind" in ('warning', 'all-clear', 'test-delay', 'test-all-clear', 'test-light', 'test-stop', 'settings'));