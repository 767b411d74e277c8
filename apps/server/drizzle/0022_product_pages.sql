CREATE TABLE "product_page_versions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_pages" (
	"product_id" integer NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"build" text NOT NULL,
	"shape" text NOT NULL,
	"first_digest" text NOT NULL,
	"deflated" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"crc" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pages_product_id_language_pk" PRIMARY KEY("product_id","language")
);
--> statement-breakpoint
-- Decision 316: every write to what a product's page shows raises the product's page version,
-- in the writing transaction, so a stored page of an older version is never sent. Statement
-- triggers with transition tables: a bulk write costs one upsert, ids in order (lock order).
CREATE FUNCTION product_pages_bump(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_page_versions AS v (product_id, version)
  SELECT id, 1 FROM (SELECT DISTINCT id FROM unnest(ids) AS t(id) WHERE id IS NOT NULL) AS d ORDER BY id
  ON CONFLICT (product_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- A product's own row, its stock rows and its reviews: the product ids they carry.
CREATE FUNCTION product_pages_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(%I) FROM new_rows', column_name) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(%I) FROM old_rows', column_name) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(x) FROM (SELECT %1$I AS x FROM old_rows UNION SELECT %1$I FROM new_rows) AS u', column_name) INTO ids;
  END IF;
  PERFORM product_pages_bump(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_pages_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('id');
--> statement-breakpoint
CREATE TRIGGER product_pages_products_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('id');
--> statement-breakpoint
CREATE TRIGGER product_pages_stocks_insert AFTER INSERT ON stocks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_stocks_update AFTER UPDATE ON stocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_stocks_delete AFTER DELETE ON stocks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_reviews_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_reviews_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_reviews_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_rows_changed('product_id');
--> statement-breakpoint
-- A store's name, city or closing: the products it has stock rows for.
CREATE FUNCTION product_pages_stores_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM product_pages_bump(ARRAY(SELECT s.product_id FROM stocks s JOIN old_rows o ON o.id = s.store_id));
  ELSE
    PERFORM product_pages_bump(ARRAY(
      SELECT s.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN stocks s ON s.store_id = n.id
      WHERE (o.name, o.city, o.deleted_at) IS DISTINCT FROM (n.name, n.city, n.deleted_at)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_pages_stores_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_stores_changed();
--> statement-breakpoint
CREATE TRIGGER product_pages_stores_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_stores_changed();
--> statement-breakpoint
-- A username: the seller's products and the products the user reviewed.
CREATE FUNCTION product_pages_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_pages_bump(ARRAY(
    SELECT p.id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN products p ON p.seller_id = n.id
    WHERE o.username IS DISTINCT FROM n.username
    UNION
    SELECT r.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN reviews r ON r.user_id = n.id
    WHERE o.username IS DISTINCT FROM n.username));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_pages_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_users_changed();
--> statement-breakpoint
-- A seller's shop name or picture: the seller's products.
CREATE FUNCTION product_pages_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_pages_bump(ARRAY(SELECT p.id FROM new_rows n JOIN products p ON p.seller_id = n.user_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_pages_bump(ARRAY(SELECT p.id FROM old_rows o JOIN products p ON p.seller_id = o.user_id));
  ELSE
    PERFORM product_pages_bump(ARRAY(
      SELECT p.id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN products p ON p.seller_id = n.user_id
      WHERE (o.display_name, o.image, o.user_id) IS DISTINCT FROM (n.display_name, n.image, n.user_id)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_pages_profiles_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER product_pages_profiles_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER product_pages_profiles_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_profiles_changed();
--> statement-breakpoint
-- A category's or subcategory's name: its products.
CREATE FUNCTION product_pages_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  ids integer[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(p.id) FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN products p ON p.%I = n.id WHERE o.name IS DISTINCT FROM n.name',
    column_name) INTO ids;
  PERFORM product_pages_bump(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_pages_categories_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_categories_changed('category_id');
--> statement-breakpoint
CREATE TRIGGER product_pages_subcategories_update AFTER UPDATE ON subcategories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_pages_categories_changed('subcategory_id');
--> statement-breakpoint
-- Pages of 4-8 KB stay in their row: no TOAST look-up per page, no compression tried on deflate.
ALTER TABLE product_pages ALTER COLUMN deflated SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE product_pages SET (toast_tuple_target = 8160);
