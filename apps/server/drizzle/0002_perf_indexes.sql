DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_idx";--> statement-breakpoint
DROP INDEX "products_live_id_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_id_idx" ON "products" USING btree ("id") WHERE "products"."deleted_at" is null;