CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"banner" text,
	"features" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"company_type" text,
	"live_stream_minutes" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"hierarchy" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "site_alert_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"start_time" time DEFAULT '05:00:00' NOT NULL,
	"end_time" time DEFAULT '23:00:00' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_alert_times_day_check" CHECK ("site_alert_times"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone_number" text,
	"time_zone" text DEFAULT 'CST' NOT NULL,
	"email_unsubscribed" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_alert_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_time" time DEFAULT '05:00:00' NOT NULL,
	"end_time" time DEFAULT '23:00:00' NOT NULL,
	CONSTRAINT "user_alert_times_day_check" CHECK ("user_alert_times"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "user_notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"opt_out_forecast" boolean DEFAULT false NOT NULL,
	"precipitation_notification" boolean DEFAULT true NOT NULL,
	"severe_weather_notification" boolean DEFAULT true NOT NULL,
	"proactive_forecast_notification" boolean DEFAULT true NOT NULL,
	"notification_type" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text,
	"user_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"role_id" integer NOT NULL,
	"site_id" integer,
	"phone_number" text,
	"time_zone" text DEFAULT 'CST' NOT NULL,
	"sms_notifications" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"geofence_alerts_enabled" boolean DEFAULT false NOT NULL,
	"alert_times_enabled" boolean DEFAULT true NOT NULL,
	"declines_notifications" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"activated" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"widget_admin" text,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" uuid,
	"label" text NOT NULL,
	"location_name" text DEFAULT '' NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"radius1" real DEFAULT 10 NOT NULL,
	"radius2" real DEFAULT 0 NOT NULL,
	"radius3" real DEFAULT 0 NOT NULL,
	"radius4" real DEFAULT 0 NOT NULL,
	"all_clear_minutes" integer DEFAULT 30 NOT NULL,
	"flags" integer DEFAULT 2 NOT NULL,
	"forecast_location" boolean DEFAULT false NOT NULL,
	"organization_location_id" integer,
	"type" integer DEFAULT 0 NOT NULL,
	"count_cloud_to_ground_only" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_location_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"organization_location_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "organization_location_sites_pair_unique" UNIQUE("organization_location_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "organization_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"label" text,
	"forecast_location" boolean DEFAULT false NOT NULL,
	"siren_radius" real,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_organization_locations" (
	"user_id" uuid NOT NULL,
	"organization_location_id" integer NOT NULL,
	CONSTRAINT "user_organization_locations_user_id_organization_location_id_pk" PRIMARY KEY("user_id","organization_location_id")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"threshold" double precision DEFAULT 0 NOT NULL,
	"is_desc" boolean DEFAULT false NOT NULL,
	"unit" text NOT NULL,
	"precision" integer DEFAULT 0 NOT NULL,
	"limit" double precision,
	"all_clear_minutes" integer DEFAULT 30 NOT NULL,
	"re_alert_minutes" integer DEFAULT 10 NOT NULL,
	"creator_id" uuid,
	"all_groups" boolean DEFAULT false NOT NULL,
	"show_on_dashboard" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_notification_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"trigger_id" integer,
	"all_clear" boolean DEFAULT false NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_sites" (
	"policy_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "policy_sites_policy_id_site_id_pk" PRIMARY KEY("policy_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "policy_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"unit" text NOT NULL,
	"precision" integer DEFAULT 0 NOT NULL,
	"is_desc" boolean DEFAULT false NOT NULL,
	"min_all_clear" integer DEFAULT 10 NOT NULL,
	"std_deviation" real,
	CONSTRAINT "policy_types_shortName_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "hardware" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"organization_location_id" integer,
	"name" text NOT NULL,
	"model_id" text NOT NULL,
	"voltage" real,
	"connected_at" timestamp with time zone,
	"time_zone_id" text DEFAULT 'America/Chicago' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"ip_address" text,
	"after_siren_pa_id" integer,
	"web_relay_type" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hardware_model_id_check" CHECK ("hardware"."model_id" in ('OWX', 'OWS', 'WXS'))
);
--> statement-breakpoint
CREATE TABLE "pa_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" varchar(350) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pa_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hardware_id" integer,
	"name" text NOT NULL,
	"ip_address" text,
	"default_play_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_relays" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hardware_id" integer NOT NULL,
	"name" text NOT NULL,
	"toggled" boolean DEFAULT false NOT NULL,
	"trigger_policy_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "siren_alert_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"siren_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"start_time" time DEFAULT '00:00:00' NOT NULL,
	"end_time" time DEFAULT '00:00:00' NOT NULL,
	"all_day" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "siren_alert_times_day_check" CHECK ("siren_alert_times"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "sirens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hardware_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"radius" real DEFAULT 8 NOT NULL,
	"all_clear_minutes" integer DEFAULT 30 NOT NULL,
	"duration" integer DEFAULT 10 NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"all_clear_duration" integer DEFAULT 10 NOT NULL,
	"all_clear_frequency" integer DEFAULT 1 NOT NULL,
	"post_warn_message" text,
	"post_all_clear_message" text,
	"public_name" text,
	CONSTRAINT "sirens_hardwareId_unique" UNIQUE("hardware_id")
);
--> statement-breakpoint
CREATE TABLE "weather_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hardware_id" integer,
	"name" text NOT NULL,
	"type" text DEFAULT 'WXS' NOT NULL,
	"image_url" text
);
--> statement-breakpoint
CREATE TABLE "mass_message_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"mass_message_id" integer NOT NULL,
	"recipient_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"creator_id" uuid,
	"headline" varchar(100) NOT NULL,
	"message" varchar(500) NOT NULL,
	"sender_text" varchar(100) DEFAULT '' NOT NULL,
	"channel" integer DEFAULT 0 NOT NULL,
	"override_preferences" boolean DEFAULT false NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"sent_utc" timestamp with time zone DEFAULT now() NOT NULL,
	"time_zone" text DEFAULT 'CST' NOT NULL,
	"event_type" integer NOT NULL,
	"correlation_id" text
);
--> statement-breakpoint
CREATE TABLE "proactive_forecast_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"proactive_forecast_id" integer NOT NULL,
	"headline" text NOT NULL,
	"message" text NOT NULL,
	"correlation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proactive_forecasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer,
	"type_name" text NOT NULL,
	"type_color" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"creator_id" uuid,
	"name" text NOT NULL,
	"size" text DEFAULT 'medium' NOT NULL,
	"theme" smallint DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"org_loc_id" integer,
	"widget_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_condition" text,
	"hourly_widget_forecast" boolean DEFAULT false NOT NULL,
	"daily_widget_forecast" boolean DEFAULT false NOT NULL,
	"widget_forecasts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weather_station_id" integer,
	"primary_threshold" real,
	"policy_group_id" integer,
	"policies" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"lightning_radius" real,
	"header_message" text,
	"header_message_expiration" timestamp with time zone,
	"width" integer DEFAULT 800 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_width_check" CHECK ("widgets"."width" >= 300)
);
--> statement-breakpoint
CREATE TABLE "camera_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"stream_url" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"camera_feed_id" integer NOT NULL,
	"user_id" uuid,
	"start" timestamp with time zone NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text DEFAULT 'SINGLEWIRE' NOT NULL,
	"webhook_id" text,
	"token" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"integration_config_id" integer NOT NULL,
	"organization_location_id" integer NOT NULL,
	"policy_group_id" integer NOT NULL,
	"singlewire_site_id" text NOT NULL,
	"singlewire_scenario_id" text NOT NULL,
	"version" text DEFAULT '1.0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"idp_type" text NOT NULL,
	"idp_display_name" text NOT NULL,
	"idp_scheme" text NOT NULL,
	"auto_provision" boolean DEFAULT false NOT NULL,
	"force_sso" boolean DEFAULT false NOT NULL,
	"default_user_group_site_id" integer,
	"sp_entity_id" text,
	"idp_entity_id" text,
	"metadata_url" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_configs_customerId_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"url" text NOT NULL,
	"version_number" text DEFAULT '1.0' NOT NULL,
	"readonly" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_id_type_pk" PRIMARY KEY("id","type")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"risk_profile_id" integer NOT NULL,
	"name" text NOT NULL,
	"max" real,
	"color" text NOT NULL,
	"color_secondary" text,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_rest_intensities" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_rest_profile_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_rest_matrices" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_rest_profile_id" integer NOT NULL,
	"work_rest_intensity_id" integer NOT NULL,
	"max" real,
	"work_percent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_rest_modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_rest_profile_id" integer NOT NULL,
	"name" text NOT NULL,
	"adjustment" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_rest_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"primary_metric" text DEFAULT 'WBGT' NOT NULL,
	"use_risk_profile" boolean DEFAULT false NOT NULL,
	"risk_profile_id" integer,
	"duration_unit" text DEFAULT 'Hour' NOT NULL,
	"custom_stop_text" text,
	"custom_continuous_text" text
);
--> statement-breakpoint
CREATE TABLE "consultation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"ccd_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_alert_times" ADD CONSTRAINT "site_alert_times_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_users" ADD CONSTRAINT "notification_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_users" ADD CONSTRAINT "notification_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_alert_times" ADD CONSTRAINT "user_alert_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD CONSTRAINT "user_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_location_id_organization_locations_id_fk" FOREIGN KEY ("organization_location_id") REFERENCES "public"."organization_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_location_sites" ADD CONSTRAINT "organization_location_sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_location_sites" ADD CONSTRAINT "organization_location_sites_organization_location_id_organization_locations_id_fk" FOREIGN KEY ("organization_location_id") REFERENCES "public"."organization_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_location_sites" ADD CONSTRAINT "organization_location_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_locations" ADD CONSTRAINT "organization_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organization_locations" ADD CONSTRAINT "user_organization_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organization_locations" ADD CONSTRAINT "user_organization_locations_organization_location_id_organization_locations_id_fk" FOREIGN KEY ("organization_location_id") REFERENCES "public"."organization_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_policy_type_id_policy_types_id_fk" FOREIGN KEY ("policy_type_id") REFERENCES "public"."policy_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_notification_actions" ADD CONSTRAINT "policy_notification_actions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_sites" ADD CONSTRAINT "policy_sites_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_sites" ADD CONSTRAINT "policy_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware" ADD CONSTRAINT "hardware_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware" ADD CONSTRAINT "hardware_organization_location_id_organization_locations_id_fk" FOREIGN KEY ("organization_location_id") REFERENCES "public"."organization_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware" ADD CONSTRAINT "hardware_after_siren_pa_id_pa_messages_id_fk" FOREIGN KEY ("after_siren_pa_id") REFERENCES "public"."pa_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_messages" ADD CONSTRAINT "pa_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_units" ADD CONSTRAINT "pa_units_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_units" ADD CONSTRAINT "pa_units_hardware_id_hardware_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardware"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_relays" ADD CONSTRAINT "remote_relays_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_relays" ADD CONSTRAINT "remote_relays_hardware_id_hardware_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardware"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_relays" ADD CONSTRAINT "remote_relays_trigger_policy_type_id_policy_types_id_fk" FOREIGN KEY ("trigger_policy_type_id") REFERENCES "public"."policy_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siren_alert_times" ADD CONSTRAINT "siren_alert_times_siren_id_sirens_id_fk" FOREIGN KEY ("siren_id") REFERENCES "public"."sirens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sirens" ADD CONSTRAINT "sirens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sirens" ADD CONSTRAINT "sirens_hardware_id_hardware_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardware"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_stations" ADD CONSTRAINT "weather_stations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_stations" ADD CONSTRAINT "weather_stations_hardware_id_hardware_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardware"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_deliveries" ADD CONSTRAINT "mass_message_deliveries_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proactive_forecast_messages" ADD CONSTRAINT "proactive_forecast_messages_proactive_forecast_id_proactive_forecasts_id_fk" FOREIGN KEY ("proactive_forecast_id") REFERENCES "public"."proactive_forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proactive_forecasts" ADD CONSTRAINT "proactive_forecasts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proactive_forecasts" ADD CONSTRAINT "proactive_forecasts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_org_loc_id_organization_locations_id_fk" FOREIGN KEY ("org_loc_id") REFERENCES "public"."organization_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_weather_station_id_weather_stations_id_fk" FOREIGN KEY ("weather_station_id") REFERENCES "public"."weather_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_policy_group_id_sites_id_fk" FOREIGN KEY ("policy_group_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_feeds" ADD CONSTRAINT "camera_feeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_logs" ADD CONSTRAINT "camera_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_logs" ADD CONSTRAINT "camera_logs_camera_feed_id_camera_feeds_id_fk" FOREIGN KEY ("camera_feed_id") REFERENCES "public"."camera_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_logs" ADD CONSTRAINT "camera_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_configs" ADD CONSTRAINT "integration_configs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_mappings" ADD CONSTRAINT "scenario_mappings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_mappings" ADD CONSTRAINT "scenario_mappings_integration_config_id_integration_configs_id_fk" FOREIGN KEY ("integration_config_id") REFERENCES "public"."integration_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_mappings" ADD CONSTRAINT "scenario_mappings_organization_location_id_organization_locations_id_fk" FOREIGN KEY ("organization_location_id") REFERENCES "public"."organization_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_mappings" ADD CONSTRAINT "scenario_mappings_policy_group_id_sites_id_fk" FOREIGN KEY ("policy_group_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_default_user_group_site_id_sites_id_fk" FOREIGN KEY ("default_user_group_site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_levels" ADD CONSTRAINT "risk_levels_risk_profile_id_risk_profiles_id_fk" FOREIGN KEY ("risk_profile_id") REFERENCES "public"."risk_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_profiles" ADD CONSTRAINT "risk_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_intensities" ADD CONSTRAINT "work_rest_intensities_work_rest_profile_id_work_rest_profiles_id_fk" FOREIGN KEY ("work_rest_profile_id") REFERENCES "public"."work_rest_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_matrices" ADD CONSTRAINT "work_rest_matrices_work_rest_profile_id_work_rest_profiles_id_fk" FOREIGN KEY ("work_rest_profile_id") REFERENCES "public"."work_rest_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_matrices" ADD CONSTRAINT "work_rest_matrices_work_rest_intensity_id_work_rest_intensities_id_fk" FOREIGN KEY ("work_rest_intensity_id") REFERENCES "public"."work_rest_intensities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_modifiers" ADD CONSTRAINT "work_rest_modifiers_work_rest_profile_id_work_rest_profiles_id_fk" FOREIGN KEY ("work_rest_profile_id") REFERENCES "public"."work_rest_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_profiles" ADD CONSTRAINT "work_rest_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rest_profiles" ADD CONSTRAINT "work_rest_profiles_risk_profile_id_risk_profiles_id_fk" FOREIGN KEY ("risk_profile_id") REFERENCES "public"."risk_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_alert_times_site_id_idx" ON "site_alert_times" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_customer_id_idx" ON "sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notification_users_customer_id_idx" ON "notification_users" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notification_users_site_id_idx" ON "notification_users" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "user_alert_times_user_id_idx" ON "user_alert_times" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_customer_id_idx" ON "users" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "users_site_id_idx" ON "users" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "locations_customer_id_idx" ON "locations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "locations_user_id_idx" ON "locations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "locations_organization_location_id_idx" ON "locations" USING btree ("organization_location_id");--> statement-breakpoint
CREATE INDEX "organization_location_sites_customer_id_idx" ON "organization_location_sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "organization_location_sites_site_id_idx" ON "organization_location_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "organization_locations_customer_id_idx" ON "organization_locations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "user_organization_locations_org_location_id_idx" ON "user_organization_locations" USING btree ("organization_location_id");--> statement-breakpoint
CREATE INDEX "policies_customer_id_idx" ON "policies" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "policies_policy_type_id_idx" ON "policies" USING btree ("policy_type_id");--> statement-breakpoint
CREATE INDEX "policy_notification_actions_policy_id_idx" ON "policy_notification_actions" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_sites_site_id_idx" ON "policy_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "hardware_customer_id_idx" ON "hardware" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hardware_organization_location_id_idx" ON "hardware" USING btree ("organization_location_id");--> statement-breakpoint
CREATE INDEX "pa_messages_customer_id_idx" ON "pa_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "pa_units_customer_id_idx" ON "pa_units" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "remote_relays_customer_id_idx" ON "remote_relays" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "remote_relays_hardware_id_idx" ON "remote_relays" USING btree ("hardware_id");--> statement-breakpoint
CREATE INDEX "siren_alert_times_siren_id_idx" ON "siren_alert_times" USING btree ("siren_id");--> statement-breakpoint
CREATE INDEX "sirens_customer_id_idx" ON "sirens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "weather_stations_customer_id_idx" ON "weather_stations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "weather_stations_hardware_id_idx" ON "weather_stations" USING btree ("hardware_id");--> statement-breakpoint
CREATE INDEX "mass_message_deliveries_mass_message_id_idx" ON "mass_message_deliveries" USING btree ("mass_message_id");--> statement-breakpoint
CREATE INDEX "mass_messages_customer_id_idx" ON "mass_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notifications_customer_id_idx" ON "notifications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_sent_utc_idx" ON "notifications" USING btree ("user_id","sent_utc");--> statement-breakpoint
CREATE INDEX "proactive_forecast_messages_forecast_id_idx" ON "proactive_forecast_messages" USING btree ("proactive_forecast_id");--> statement-breakpoint
CREATE INDEX "proactive_forecasts_customer_id_idx" ON "proactive_forecasts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "proactive_forecasts_location_id_idx" ON "proactive_forecasts" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "widgets_customer_id_idx" ON "widgets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "widgets_policy_group_id_idx" ON "widgets" USING btree ("policy_group_id");--> statement-breakpoint
CREATE INDEX "camera_feeds_customer_id_idx" ON "camera_feeds" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "camera_logs_customer_id_start_idx" ON "camera_logs" USING btree ("customer_id","start");--> statement-breakpoint
CREATE INDEX "camera_logs_camera_feed_id_idx" ON "camera_logs" USING btree ("camera_feed_id");--> statement-breakpoint
CREATE INDEX "integration_configs_customer_id_idx" ON "integration_configs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "scenario_mappings_customer_id_idx" ON "scenario_mappings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "scenario_mappings_integration_config_id_idx" ON "scenario_mappings" USING btree ("integration_config_id");--> statement-breakpoint
CREATE INDEX "webhooks_customer_id_idx" ON "webhooks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "risk_levels_risk_profile_id_idx" ON "risk_levels" USING btree ("risk_profile_id");--> statement-breakpoint
CREATE INDEX "risk_profiles_customer_id_idx" ON "risk_profiles" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "work_rest_intensities_profile_id_idx" ON "work_rest_intensities" USING btree ("work_rest_profile_id");--> statement-breakpoint
CREATE INDEX "work_rest_matrices_profile_id_idx" ON "work_rest_matrices" USING btree ("work_rest_profile_id");--> statement-breakpoint
CREATE INDEX "work_rest_modifiers_profile_id_idx" ON "work_rest_modifiers" USING btree ("work_rest_profile_id");--> statement-breakpoint
CREATE INDEX "work_rest_profiles_customer_id_idx" ON "work_rest_profiles" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "consultation_requests_customer_id_idx" ON "consultation_requests" USING btree ("customer_id");