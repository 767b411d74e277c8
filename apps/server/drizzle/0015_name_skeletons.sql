ALTER TABLE "profiles" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE INDEX "profiles_name_skeleton_idx" ON "profiles" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "users_name_skeleton_idx" ON "users" USING btree ("name_skeleton");