ALTER TABLE "test_provider_intents" ADD COLUMN "keeps_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_intents" ADD COLUMN "method_type" text;--> statement-breakpoint
ALTER TABLE "test_provider_intents" ADD COLUMN "return_url" text;