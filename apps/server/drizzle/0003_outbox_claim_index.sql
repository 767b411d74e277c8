DROP INDEX "outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE "outbox"."sent_at" is null;