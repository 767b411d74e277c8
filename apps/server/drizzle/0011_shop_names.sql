ALTER TABLE "profiles" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_display_name_key" ON "profiles" USING btree (mg_search_fold("display_name")) WHERE "profiles"."display_name" <> '';--> statement-breakpoint
-- Shop names are found like usernames (seller field 0, docs/decisions/176): the seller index of
-- 0007 with one more source, and its trigger also fires when the shop name changes.
CREATE OR REPLACE FUNCTION mg_search_index_sellers(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM search_seller_terms WHERE seller_id = ANY(ids);
  WITH live AS (
    SELECT p.user_id AS id, u.username, p.display_name, p.industry, p.headquarter, p.description
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.user_id = ANY(ids) AND p.status = 'STORE_OWNER' AND u.deleted_at IS NULL),
  added AS (
    INSERT INTO search_seller_terms (term, field, seller_id)
    SELECT w.term, min(w.field), w.id FROM (
      SELECT s.id, unnest(mg_search_words(s.username)) AS term, 0 AS field FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.display_name)), 0 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.industry)), 1 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.headquarter)), 2 FROM live s
      UNION ALL SELECT s.id, unnest(mg_search_words(s.description)), 3 FROM live s
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
DROP TRIGGER profiles_search_changed ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_search_changed AFTER UPDATE OF status, industry, headquarter, description, display_name ON profiles
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.industry IS DISTINCT FROM NEW.industry
    OR OLD.headquarter IS DISTINCT FROM NEW.headquarter OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION mg_search_profile_changed();
