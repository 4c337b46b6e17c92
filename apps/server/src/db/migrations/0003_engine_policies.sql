CREATE TABLE "air_quality_sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"pm25_aqi" double precision,
	"pm10_aqi" double precision,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "location_conditions" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"station_id" integer,
	"metar_station_id" text,
	"metar_station_name" text,
	"temperature_c" double precision,
	"relative_humidity_pct" double precision,
	"dew_point_c" double precision,
	"wind_speed_ms" double precision,
	"wind_gust_ms" double precision,
	"wind_direction_deg" double precision,
	"pressure_hpa" double precision,
	"solar_wm2" double precision,
	"rain_mm" double precision,
	"rain_today_mm" double precision,
	"weather_code" text,
	"feels_like_c" double precision,
	"wbgt_c" double precision,
	"wbgt_is_estimate" boolean DEFAULT false NOT NULL,
	"pm25_nowcast_aqi" double precision,
	"aqi_max" double precision,
	"aqi_pm25" double precision,
	"aqi_pm10" double precision,
	"aqi_o_3" double precision,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "location_conditions_source_check" CHECK ("location_conditions"."source" in ('station', 'metar', 'model'))
);
--> statement-breakpoint
CREATE TABLE "location_observation_history" (
	"location_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"temperature_c" double precision,
	"wind_speed_ms" double precision,
	"wbgt_c" double precision,
	CONSTRAINT "location_observation_history_location_id_observed_at_pk" PRIMARY KEY("location_id","observed_at")
);
--> statement-breakpoint
CREATE TABLE "nws_alert_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"event" text NOT NULL,
	"headline" text NOT NULL,
	"description" text NOT NULL,
	"severity" text NOT NULL,
	"onset" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "nws_alert_applications_alert_location_unique" UNIQUE("alert_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "policy_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_alert_at" timestamp with time zone NOT NULL,
	"last_update_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"threshold" double precision NOT NULL,
	"all_clear_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"correlation_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"temperature_c" double precision NOT NULL,
	"relative_humidity_pct" double precision NOT NULL,
	"dew_point_c" double precision,
	"wind_speed_ms" double precision NOT NULL,
	"wind_gust_ms" double precision NOT NULL,
	"wind_direction_deg" double precision,
	"pressure_hpa" double precision,
	"solar_wm2" double precision,
	"rain_mm" double precision DEFAULT 0 NOT NULL,
	"rain_today_mm" double precision,
	"weather_code" text,
	"feels_like_c" double precision NOT NULL,
	"wbgt_c" double precision,
	"wbgt_is_estimate" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "station_observations_station_time_unique" UNIQUE("station_id","observed_at")
);
--> statement-breakpoint
ALTER TABLE "air_quality_sensors" ADD CONSTRAINT "air_quality_sensors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_conditions" ADD CONSTRAINT "location_conditions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_conditions" ADD CONSTRAINT "location_conditions_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_observation_history" ADD CONSTRAINT "location_observation_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nws_alert_applications" ADD CONSTRAINT "nws_alert_applications_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nws_alert_applications" ADD CONSTRAINT "nws_alert_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_warnings" ADD CONSTRAINT "policy_warnings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_warnings" ADD CONSTRAINT "policy_warnings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_warnings" ADD CONSTRAINT "policy_warnings_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_warnings" ADD CONSTRAINT "policy_warnings_policy_type_id_policy_types_id_fk" FOREIGN KEY ("policy_type_id") REFERENCES "public"."policy_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_observations" ADD CONSTRAINT "station_observations_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "air_quality_sensors_customer_id_idx" ON "air_quality_sensors" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "nws_alert_applications_location_id_idx" ON "nws_alert_applications" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_warnings_active_unique" ON "policy_warnings" USING btree ("location_id","policy_type_id") WHERE "policy_warnings"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "policy_warnings_customer_id_idx" ON "policy_warnings" USING btree ("customer_id");