ALTER TABLE "seller_orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "seller_orders" ADD COLUMN "tracking_number" text;