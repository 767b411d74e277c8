CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Decision 253: existing accounts stay unconfirmed (their address was never proven) and confirm
-- through the link the profile page sends; the demo's own accounts, at the demo's own domain, count
-- as confirmed so that an existing demo can pay by invoice as a fresh one can.
UPDATE "users" SET "email_confirmed_at" = "date_joined"
WHERE "deleted_at" IS NULL
  AND lower("email") LIKE '%@demo.marktgasse.ch'
  AND "username" IN ('demo-customer', 'demo-seller', 'demo-staff', 'anna.meier', 'luca.rossi', 'chloe.dubois', 'jonas.keller', 'sara.bianchi', 'noah.schmid');
