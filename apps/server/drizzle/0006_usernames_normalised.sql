-- Usernames compare in NFKC + case fold (docs/decisions/145): the same fold as usernameKey()
-- in packages/shared, in SQL for the rows that exist. Names that fold to the same key as an
-- older account (look-alikes registered before this rule) keep a key of their own with their
-- id appended; they no longer sign in by name until support renames them.
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = replace(replace(replace(lower(normalize(btrim("username"), NFKC)), 'ς', 'σ'), 'ß', 'ss'), 'i' || chr(775), 'i');--> statement-breakpoint
UPDATE "users" AS "later" SET "username_key" = "later"."username_key" || '~' || "later"."id"
  FROM "users" AS "older"
  WHERE "older"."username_key" = "later"."username_key" AND "older"."id" < "later"."id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
-- E-mail addresses are no longer unique: registration must not reveal that one has an account (decision 146).
DROP INDEX "users_username_lower_key";--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_claim" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_key" ON "users" USING btree ("username_key");
