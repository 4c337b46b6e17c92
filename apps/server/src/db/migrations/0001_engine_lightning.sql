CREATE TABLE "lightning_zone_states" (
	"location_id" integer NOT NULL,
	"zone" smallint NOT NULL,
	"last_strike_at" timestamp (3) with time zone,
	"last_strike_id" text,
	"last_strike_distance_miles" real,
	"last_strike_bearing_deg" real,
	"delay_started_at" timestamp (3) with time zone,
	"all_clear_at" timestamp (3) with time zone,
	"correlation_id" uuid,
	"in_delay" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lightning_zone_states_location_id_zone_pk" PRIMARY KEY("location_id","zone"),
	CONSTRAINT "lightning_zone_states_zone_check" CHECK ("lightning_zone_states"."zone" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "siren_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"siren_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	CONSTRAINT "siren_commands_kind_check" CHECK ("siren_commands"."kind" in ('warning', 'all-clear')),
	CONSTRAINT "siren_commands_status_check" CHECK ("siren_commands"."status" in ('pending', 'delivered', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "siren_zone_states" (
	"siren_id" integer PRIMARY KEY NOT NULL,
	"last_strike_at" timestamp (3) with time zone,
	"last_strike_id" text,
	"last_strike_distance_miles" real,
	"delay_started_at" timestamp (3) with time zone,
	"all_clear_at" timestamp (3) with time zone,
	"correlation_id" uuid,
	"in_delay" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strikes" (
	"id" text PRIMARY KEY NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"type" smallint NOT NULL,
	"amperage_ka" real DEFAULT 0 NOT NULL,
	"cloud" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "strikes_time_place_unique" UNIQUE("time","latitude","longitude"),
	CONSTRAINT "strikes_type_check" CHECK ("strikes"."type" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "lightning_zone_states" ADD CONSTRAINT "lightning_zone_states_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_commands" ADD CONSTRAINT "siren_commands_siren_id_sirens_id_fk" FOREIGN KEY ("siren_id") REFERENCES "public"."sirens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_zone_states" ADD CONSTRAINT "siren_zone_states_siren_id_sirens_id_fk" FOREIGN KEY ("siren_id") REFERENCES "public"."sirens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lightning_zone_states_due_idx" ON "lightning_zone_states" USING btree ("all_clear_at") WHERE "lightning_zone_states"."in_delay";--> statement-breakpoint
CREATE INDEX "siren_commands_siren_id_idx" ON "siren_commands" USING btree ("siren_id");--> statement-breakpoint
CREATE INDEX "siren_commands_pending_idx" ON "siren_commands" USING btree ("expires_at") WHERE "siren_commands"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "siren_zone_states_due_idx" ON "siren_zone_states" USING btree ("all_clear_at") WHERE "siren_zone_states"."in_delay";--> statement-breakpoint
CREATE INDEX "strikes_time_idx" ON "strikes" USING btree ("time");