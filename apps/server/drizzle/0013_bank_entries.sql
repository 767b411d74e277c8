CREATE TABLE "bank_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"message_id" text NOT NULL,
	"amount_rappen" integer NOT NULL,
	"currency" text NOT NULL,
	"qr_reference" text,
	"other_reference" text,
	"debtor_name" text,
	"debtor_iban" text,
	"booking_date" text,
	"order_id" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"return_rappen" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_entries_amount_positive" CHECK ("bank_entries"."amount_rappen" > 0),
	CONSTRAINT "bank_entries_return_range" CHECK ("bank_entries"."return_rappen" between 0 and "bank_entries"."amount_rappen"),
	CONSTRAINT "bank_entries_outcome_known" CHECK ("bank_entries"."outcome" in ('booked', 'underpaid', 'toReturn', 'unmatched'))
);
--> statement-breakpoint
CREATE TABLE "bank_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount_rappen" integer NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_out_at" timestamp with time zone,
	"paid_out_by" integer,
	CONSTRAINT "bank_refunds_amount_positive" CHECK ("bank_refunds"."amount_rappen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entries_key_key" ON "bank_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bank_entries_order_idx" ON "bank_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_entries_outcome_idx" ON "bank_entries" USING btree ("outcome");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_refunds_key_key" ON "bank_refunds" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bank_refunds_order_idx" ON "bank_refunds" USING btree ("order_id");