CREATE TABLE "catalog_import_lines" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"first_line" integer NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"outcome" jsonb,
	CONSTRAINT "catalog_import_lines_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"file_name" text NOT NULL,
	"default_category" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"total_products" integer DEFAULT 0 NOT NULL,
	"done_products" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"images_fetched" integer DEFAULT 0 NOT NULL,
	"images_skipped" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "import_image_hosts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_lines" ADD CONSTRAINT "catalog_import_lines_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_lines_action_idx" ON "catalog_import_lines" USING btree ("import_id","action","position");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_imports_one_applying" ON "catalog_imports" USING btree ("status") WHERE "catalog_imports"."status" = 'applying';--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at");