CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer,
	"category_id" integer,
	"percent_bp" integer NOT NULL,
	"fixed_fee_rappen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commission_rules_percent" CHECK ("commission_rules"."percent_bp" between 0 and 10000),
	CONSTRAINT "commission_rules_fee" CHECK ("commission_rules"."fixed_fee_rappen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"seller_id" integer,
	"order_id" integer,
	"payout_run_id" integer,
	"gross_rappen" integer DEFAULT 0 NOT NULL,
	"commission_rappen" integer DEFAULT 0 NOT NULL,
	"vat_rappen" integer DEFAULT 0 NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_line_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_order_id" integer NOT NULL,
	"order_item_id" integer,
	"gross_rappen" integer NOT NULL,
	"percent_bp" integer NOT NULL,
	"fixed_fee_rappen" integer NOT NULL,
	"commission_rappen" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_rappen" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"seller_id" integer,
	"part_ref" integer,
	"amount_rappen" integer NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount_rappen" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"run_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"amount_rappen" integer NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	CONSTRAINT "payout_transfers_pkey" PRIMARY KEY("run_id","seller_id"),
	CONSTRAINT "payout_transfers_positive" CHECK ("payout_transfers"."amount_rappen" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_scope_key" ON "commission_rules" USING btree (coalesce("seller_id", 0),coalesce("category_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_key" ON "ledger_entries" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_line_terms_key" ON "ledger_line_terms" USING btree ("seller_order_id",coalesce("order_item_id", 0));--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_seller_idx" ON "ledger_lines" USING btree ("seller_id","account");--> statement-breakpoint
CREATE INDEX "ledger_lines_part_idx" ON "ledger_lines" USING btree ("part_ref") WHERE "ledger_lines"."part_ref" is not null;--> statement-breakpoint
-- The journal is append-only: a mistake is corrected by a reversing entry (decision 225).
CREATE FUNCTION mg_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION mg_ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION mg_ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION mg_ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON "ledger_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION mg_ledger_refuse_change();--> statement-breakpoint
-- Debits = credits per entry, checked at commit (all of an entry's lines are in by then).
CREATE FUNCTION mg_ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum(amount_rappen), 0) INTO total FROM ledger_lines WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (% Rappen)', NEW.entry_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION mg_ledger_check_balanced();
