CREATE TABLE "search_product_terms" (
	"term" text NOT NULL,
	"field" smallint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "search_product_terms_pkey" PRIMARY KEY("term","field","product_id")
);
--> statement-breakpoint
CREATE TABLE "search_seller_terms" (
	"term" text NOT NULL,
	"field" smallint NOT NULL,
	"seller_id" integer NOT NULL,
	CONSTRAINT "search_seller_terms_pkey" PRIMARY KEY("term","field","seller_id")
);
--> statement-breakpoint
CREATE TABLE "search_store_terms" (
	"term" text NOT NULL,
	"field" smallint NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "search_store_terms_pkey" PRIMARY KEY("term","field","store_id")
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"id" serial NOT NULL,
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "stores_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_product_terms_product_idx" ON "search_product_terms" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_seller_terms_seller_idx" ON "search_seller_terms" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "search_store_terms_store_idx" ON "search_store_terms" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "search_vocabulary_id_idx" ON "search_vocabulary" USING btree ("id");--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_rappen","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_rating_idx" ON "products" USING btree (("rating_sum"::float8 / nullif("num_reviews", 0)) desc nulls last,"num_reviews" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "search_text";
--> statement-breakpoint
-- Search (docs/decisions/128). Words compare byte-wise, so a prefix is one index range.
ALTER TABLE "search_product_terms" ALTER COLUMN "term" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_store_terms" ALTER COLUMN "term" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_seller_terms" ALTER COLUMN "term" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_vocabulary" ALTER COLUMN "term" TYPE text COLLATE "C";--> statement-breakpoint
-- The SQL twin of toSearchText (packages/shared/src/search/text.ts); a test holds them equal.
-- Letters without a decomposition first (ß, æ, œ, ø, ł, đ), then accents off (NFKD, marks
-- dropped), lower case, German ae/oe/ue as a/o/u (not "ue" after a vowel or q: Feuer,
-- Quelle), and everything but a-z and 0-9 is a word break.
CREATE FUNCTION mg_search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    regexp_replace(regexp_replace(
      lower(regexp_replace(normalize(
        translate(replace(replace(replace(replace(replace(replace(t, 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
                  'øØłŁđĐ', 'ooLLdd'),
        NFKD), '[\u0300-\u036f]', '', 'g')),
      '([ao])e', '\1', 'g'),
    '(^|[^aeiouyq])ue', '\1u', 'g'),
  '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
-- The distinct words of a text.
CREATE FUNCTION mg_search_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM unnest(string_to_array(mg_search_fold(t), ' ')) AS w WHERE w <> ''
$$;--> statement-breakpoint
-- Fields, best first (see RANK in the search repo): products 0 name, 1 brand, 2 subcategory,
-- 3 category, 4 description, 5 seller name.
CREATE FUNCTION mg_search_index_products(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM search_product_terms WHERE product_id = ANY(ids);
  WITH live AS (SELECT * FROM products WHERE id = ANY(ids) AND deleted_at IS NULL),
  added AS (
    INSERT INTO search_product_terms (term, field, product_id)
    SELECT w.term, min(w.field), w.id FROM (
      SELECT p.id, unnest(mg_search_words(p.name)) AS term, 0 AS field FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(p.brand)), 1 FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(s.name)), 2 FROM live p JOIN subcategories s ON s.id = p.subcategory_id
      UNION ALL SELECT p.id, unnest(mg_search_words(c.name)), 3 FROM live p JOIN categories c ON c.id = p.category_id
      UNION ALL SELECT p.id, unnest(mg_search_words(p.description)), 4 FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(u.username)), 5 FROM live p JOIN users u ON u.id = p.seller_id
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- Stores: 0 name, 1 city, 2 seller name, 3 address, 4 description.
CREATE FUNCTION mg_search_index_stores(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM search_store_terms WHERE store_id = ANY(ids);
  WITH live AS (
    SELECT s.* FROM stores s JOIN users u ON u.id = s.owner_id
    WHERE s.id = ANY(ids) AND s.deleted_at IS NULL AND u.deleted_at IS NULL),
  added AS (
    INSERT INTO search_store_terms (term, field, store_id)
    SELECT w.term, min(w.field), w.id FROM (
      SELECT s.id, unnest(mg_search_words(s.name)) AS term, 0 AS field FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.city)), 1 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(u.username)), 2 FROM live s JOIN users u ON u.id = s.owner_id
      UNION ALL SELECT s.id, unnest(mg_search_words(s.address)), 3 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.description)), 4 FROM live s
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- Sellers (profiles with status STORE_OWNER, by user id): 0 name, 1 industry, 2 headquarter, 3 description.
CREATE FUNCTION mg_search_index_sellers(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM search_seller_terms WHERE seller_id = ANY(ids);
  WITH live AS (
    SELECT p.user_id AS id, u.username, p.industry, p.headquarter, p.description
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.user_id = ANY(ids) AND p.status = 'STORE_OWNER' AND u.deleted_at IS NULL),
  added AS (
    INSERT INTO search_seller_terms (term, field, seller_id)
    SELECT w.term, min(w.field), w.id FROM (
      SELECT s.id, unnest(mg_search_words(s.username)) AS term, 0 AS field FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.industry)), 1 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.headquarter)), 2 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.description)), 3 FROM live s
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- Triggers keep the words current for every writer. Inserts index per statement (a bulk
-- insert of 5,000 products is one call); updates only when a searched column changed, so a
-- review (rating columns) or an order never re-indexes a product.
CREATE FUNCTION mg_search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_products(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_products(ARRAY[OLD.id, NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_products_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_product_terms WHERE product_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mg_search_products_inserted();--> statement-breakpoint
CREATE TRIGGER products_search_changed AFTER UPDATE OF name, brand, description, category_id, subcategory_id, seller_id, deleted_at ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.subcategory_id IS DISTINCT FROM NEW.subcategory_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION mg_search_product_changed();--> statement-breakpoint
CREATE TRIGGER products_search_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mg_search_products_deleted();--> statement-breakpoint
CREATE FUNCTION mg_search_stores_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_stores(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_store_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_stores(ARRAY[OLD.id, NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_stores_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_store_terms WHERE store_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stores_search_inserted AFTER INSERT ON stores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mg_search_stores_inserted();--> statement-breakpoint
CREATE TRIGGER stores_search_changed AFTER UPDATE OF name, city, address, description, owner_id, deleted_at ON stores
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.city IS DISTINCT FROM NEW.city
    OR OLD.address IS DISTINCT FROM NEW.address OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION mg_search_store_changed();--> statement-breakpoint
CREATE TRIGGER stores_search_deleted AFTER DELETE ON stores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mg_search_stores_deleted();--> statement-breakpoint
CREATE FUNCTION mg_search_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_sellers(ARRAY(SELECT user_id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mg_search_index_sellers(ARRAY[OLD.user_id, NEW.user_id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mg_search_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A renamed or deleted account: its seller entry, and the seller name of its stores and products.
  PERFORM mg_search_index_sellers(ARRAY[NEW.id]);
  PERFORM mg_search_index_stores(ARRAY(SELECT id FROM stores WHERE owner_id = NEW.id));
  PERFORM mg_search_index_products(ARRAY(SELECT id FROM products WHERE seller_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_search_inserted AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mg_search_profiles_inserted();--> statement-breakpoint
CREATE TRIGGER profiles_search_changed AFTER UPDATE OF status, industry, headquarter, description ON profiles
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.industry IS DISTINCT FROM NEW.industry
    OR OLD.headquarter IS DISTINCT FROM NEW.headquarter OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION mg_search_profile_changed();--> statement-breakpoint
CREATE TRIGGER users_search_changed AFTER UPDATE OF username, deleted_at ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION mg_search_user_changed();--> statement-breakpoint
-- What exists already gets its words.
SELECT mg_search_index_products(ARRAY(SELECT id FROM products));--> statement-breakpoint
SELECT mg_search_index_stores(ARRAY(SELECT id FROM stores));--> statement-breakpoint
SELECT mg_search_index_sellers(ARRAY(SELECT user_id FROM profiles));
