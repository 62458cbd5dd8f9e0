ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_refunds" ADD COLUMN "shop_refund_id" text;