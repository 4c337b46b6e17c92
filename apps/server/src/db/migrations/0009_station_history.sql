ALTER TABLE "station_observations" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "station_observations" DROP CONSTRAINT "station_observations_station_time_unique";--> statement-breakpoint
ALTER TABLE "station_observations" ADD CONSTRAINT "station_observations_station_id_observed_at_pk" PRIMARY KEY("station_id","observed_at");--> statement-breakpoint
CREATE TABLE "report_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "report_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);--> statement-breakpoint
CREATE TABLE "report_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "report_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"requested_by" uuid NOT NULL,
	"name" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rows" integer,
	"delivery" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "station_readings_15m" (
	"station_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"temperature_min_c" double precision NOT NULL,
	"temperature_max_c" double precision NOT NULL,
	"temperature_sum_c" double precision NOT NULL,
	"feels_like_min_c" double precision NOT NULL,
	"feels_like_max_c" double precision NOT NULL,
	"feels_like_sum_c" double precision NOT NULL,
	"heat_index_max_c" double precision,
	"heat_index_sum_c" double precision DEFAULT 0 NOT NULL,
	"heat_index_count" integer DEFAULT 0 NOT NULL,
	"wind_chill_min_c" double precision,
	"wind_chill_sum_c" double precision DEFAULT 0 NOT NULL,
	"wind_chill_count" integer DEFAULT 0 NOT NULL,
	"wbgt_min_c" double precision,
	"wbgt_max_c" double precision,
	"wbgt_sum_c" double precision DEFAULT 0 NOT NULL,
	"wbgt_count" integer DEFAULT 0 NOT NULL,
	"humidity_min_pct" double precision NOT NULL,
	"humidity_max_pct" double precision NOT NULL,
	"humidity_sum_pct" double precision NOT NULL,
	"dew_point_min_c" double precision,
	"dew_point_max_c" double precision,
	"dew_point_sum_c" double precision DEFAULT 0 NOT NULL,
	"dew_point_count" integer DEFAULT 0 NOT NULL,
	"wind_speed_min_ms" double precision NOT NULL,
	"wind_speed_max_ms" double precision NOT NULL,
	"wind_speed_sum_ms" double precision NOT NULL,
	"wind_gust_max_ms" double precision NOT NULL,
	"rain_mm" double precision NOT NULL,
	"rain1h_max_mm" double precision NOT NULL,
	"solar_sum_wm2" double precision DEFAULT 0 NOT NULL,
	"solar_count" integer DEFAULT 0 NOT NULL,
	"pm25_aqi_max" double precision,
	"pm25_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm25_aqi_count" integer DEFAULT 0 NOT NULL,
	"pm10_aqi_max" double precision,
	"pm10_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm10_aqi_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "station_readings_15m_station_id_bucket_start_pk" PRIMARY KEY("station_id","bucket_start")
);--> statement-breakpoint
CREATE TABLE "station_readings_daily" (
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"readings" integer NOT NULL,
	"temperature_min_c" double precision NOT NULL,
	"temperature_max_c" double precision NOT NULL,
	"temperature_sum_c" double precision NOT NULL,
	"feels_like_min_c" double precision NOT NULL,
	"feels_like_max_c" double precision NOT NULL,
	"feels_like_sum_c" double precision NOT NULL,
	"heat_index_max_c" double precision,
	"heat_index_sum_c" double precision DEFAULT 0 NOT NULL,
	"heat_index_count" integer DEFAULT 0 NOT NULL,
	"wind_chill_min_c" double precision,
	"wind_chill_sum_c" double precision DEFAULT 0 NOT NULL,
	"wind_chill_count" integer DEFAULT 0 NOT NULL,
	"wbgt_min_c" double precision,
	"wbgt_max_c" double precision,
	"wbgt_sum_c" double precision DEFAULT 0 NOT NULL,
	"wbgt_count" integer DEFAULT 0 NOT NULL,
	"humidity_min_pct" double precision NOT NULL,
	"humidity_max_pct" double precision NOT NULL,
	"humidity_sum_pct" double precision NOT NULL,
	"dew_point_min_c" double precision,
	"dew_point_max_c" double precision,
	"dew_point_sum_c" double precision DEFAULT 0 NOT NULL,
	"dew_point_count" integer DEFAULT 0 NOT NULL,
	"wind_speed_min_ms" double precision NOT NULL,
	"wind_speed_max_ms" double precision NOT NULL,
	"wind_speed_sum_ms" double precision NOT NULL,
	"wind_gust_max_ms" double precision NOT NULL,
	"rain_mm" double precision NOT NULL,
	"rain1h_max_mm" double precision NOT NULL,
	"solar_sum_wm2" double precision DEFAULT 0 NOT NULL,
	"solar_count" integer DEFAULT 0 NOT NULL,
	"pm25_aqi_max" double precision,
	"pm25_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm25_aqi_count" integer DEFAULT 0 NOT NULL,
	"pm10_aqi_max" double precision,
	"pm10_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm10_aqi_count" integer DEFAULT 0 NOT NULL,
	"et0_mm" double precision,
	CONSTRAINT "station_readings_daily_station_id_day_pk" PRIMARY KEY("station_id","day")
);--> statement-breakpoint
CREATE TABLE "station_readings_hourly" (
	"station_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"temperature_min_c" double precision NOT NULL,
	"temperature_max_c" double precision NOT NULL,
	"temperature_sum_c" double precision NOT NULL,
	"feels_like_min_c" double precision NOT NULL,
	"feels_like_max_c" double precision NOT NULL,
	"feels_like_sum_c" double precision NOT NULL,
	"heat_index_max_c" double precision,
	"heat_index_sum_c" double precision DEFAULT 0 NOT NULL,
	"heat_index_count" integer DEFAULT 0 NOT NULL,
	"wind_chill_min_c" double precision,
	"wind_chill_sum_c" double precision DEFAULT 0 NOT NULL,
	"wind_chill_count" integer DEFAULT 0 NOT NULL,
	"wbgt_min_c" double precision,
	"wbgt_max_c" double precision,
	"wbgt_sum_c" double precision DEFAULT 0 NOT NULL,
	"wbgt_count" integer DEFAULT 0 NOT NULL,
	"humidity_min_pct" double precision NOT NULL,
	"humidity_max_pct" double precision NOT NULL,
	"humidity_sum_pct" double precision NOT NULL,
	"dew_point_min_c" double precision,
	"dew_point_max_c" double precision,
	"dew_point_sum_c" double precision DEFAULT 0 NOT NULL,
	"dew_point_count" integer DEFAULT 0 NOT NULL,
	"wind_speed_min_ms" double precision NOT NULL,
	"wind_speed_max_ms" double precision NOT NULL,
	"wind_speed_sum_ms" double precision NOT NULL,
	"wind_gust_max_ms" double precision NOT NULL,
	"rain_mm" double precision NOT NULL,
	"rain1h_max_mm" double precision NOT NULL,
	"solar_sum_wm2" double precision DEFAULT 0 NOT NULL,
	"solar_count" integer DEFAULT 0 NOT NULL,
	"pm25_aqi_max" double precision,
	"pm25_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm25_aqi_count" integer DEFAULT 0 NOT NULL,
	"pm10_aqi_max" double precision,
	"pm10_aqi_sum" double precision DEFAULT 0 NOT NULL,
	"pm10_aqi_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "station_readings_hourly_station_id_bucket_start_pk" PRIMARY KEY("station_id","bucket_start")
);--> statement-breakpoint
ALTER TABLE "dev_outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_file_chunks" ADD CONSTRAINT "report_file_chunks_file_id_report_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."report_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_report_id_report_jobs_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_readings_15m" ADD CONSTRAINT "station_readings_15m_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_readings_daily" ADD CONSTRAINT "station_readings_daily_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_readings_hourly" ADD CONSTRAINT "station_readings_hourly_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_files_report_id_idx" ON "report_files" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_jobs_customer_id_idx" ON "report_jobs" USING btree ("customer_id","created");--> statement-breakpoint
ALTER TABLE "station_observations" ADD COLUMN "heat_index_c" double precision;--> statement-breakpoint
ALTER TABLE "station_observations" ADD COLUMN "wind_chill_c" double precision;--> statement-breakpoint
ALTER TABLE "station_observations" ADD COLUMN "rain_increment_mm" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "station_observations" ADD COLUMN "pm25_aqi" double precision;--> statement-breakpoint
ALTER TABLE "station_observations" ADD COLUMN "pm10_aqi" double precision;--> statement-breakpoint
-- PostgreSQL only (issue 17): the raw readings partitioned by month of observed_at, natively. PGlite keeps the
-- one table the statements above made (same columns and key); engine/observations/readings-retention.ts makes
-- the months ahead and drops those past retention. Existing rows move to their month's partition.
DO $$
DECLARE
  first_month date;
  m date;
BEGIN
  IF position('PGlite' in version()) > 0 THEN
    RETURN;
  END IF;
  ALTER TABLE "station_observations" RENAME TO "station_observations_unpartitioned";
  ALTER TABLE "station_observations_unpartitioned" RENAME CONSTRAINT "station_observations_station_id_observed_at_pk" TO "station_observations_unpartitioned_pk";
  ALTER TABLE "station_observations_unpartitioned" RENAME CONSTRAINT "station_observations_station_id_weather_stations_id_fk" TO "station_observations_unpartitioned_fk";
  CREATE TABLE "station_observations" (LIKE "station_observations_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("observed_at");
  ALTER TABLE "station_observations" ADD CONSTRAINT "station_observations_station_id_observed_at_pk" PRIMARY KEY ("station_id", "observed_at");
  ALTER TABLE "station_observations" ADD CONSTRAINT "station_observations_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE cascade ON UPDATE no action;
  CREATE TABLE "station_observations_default" PARTITION OF "station_observations" DEFAULT;
  SELECT date_trunc('month', min("observed_at") AT TIME ZONE 'UTC')::date INTO first_month FROM "station_observations_unpartitioned";
  m := least(coalesce(first_month, date_trunc('month', now() AT TIME ZONE 'UTC')::date), date_trunc('month', now() AT TIME ZONE 'UTC')::date);
  WHILE m <= (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months')::date LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "station_observations" FOR VALUES FROM (%L) TO (%L)',
      'station_observations_p' || to_char(m, 'YYYYMM'),
      (m::timestamp AT TIME ZONE 'UTC'),
      ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC')
    );
    m := (m + interval '1 month')::date;
  END LOOP;
  INSERT INTO "station_observations" SELECT * FROM "station_observations_unpartitioned";
  DROP TABLE "station_observations_unpartitioned";
END $$;
