ALTER TABLE "seller_orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- Shares of orders that expired before this migration are marked like those that expire after it.
UPDATE "seller_orders" SET "expired_at" = "orders"."expires_at" FROM "orders" WHERE "orders"."id" = "seller_orders"."order_id" AND "orders"."status" = 'expired';--> statement-breakpoint
CREATE INDEX "seller_orders_seller_live_idx" ON "seller_orders" USING btree ("seller_id","id") WHERE "seller_orders"."expired_at" is null;
