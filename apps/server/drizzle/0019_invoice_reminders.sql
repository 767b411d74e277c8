CREATE TABLE "invoice_reminders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_refunds" ALTER COLUMN "iban" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_refunds" ALTER COLUMN "account_holder" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD COLUMN "account_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_account_whole" CHECK (("bank_refunds"."iban" is null) = ("bank_refunds"."account_holder" is null));