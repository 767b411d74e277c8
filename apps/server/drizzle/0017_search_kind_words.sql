-- Products as in 0010_category_labels, and now the words of a two-kind shelf's translated
-- names (docs/decisions/240). "Käse & Milchprodukte" is not indexed as one name: its parts are
-- aligned with the English name's ("Cheese" | "Dairy"), and a product of that shelf gets the
-- words of a part, in every language ("cheese", "käse", "fromages", "formaggi"), only when its
-- own name, brand or description names that kind in some language ("Bergkäserei",
-- "Fromagerie du Jorat"). So "Käse" and "fromage" find the Tomme, not the yoghurt; a product
-- whose own words name neither kind keeps the English shelf name only, as before.
-- A kind word names a product's word when that word contains its stem (the word without a
-- final vowel and "n" or "s", at least 4 letters: "fromag" in "fromagerie", "guid" in "guida",
-- "kart" in "velokarte") or, for a word of 3 letters, ends with it ("tee" in "grüntee").
CREATE OR REPLACE FUNCTION mg_search_index_products(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM search_product_terms WHERE product_id = ANY(ids);
  WITH live AS (SELECT * FROM products WHERE id = ANY(ids) AND deleted_at IS NULL),
  -- The words of each shelf once (a bulk insert of 5,000 products has a few dozen shelves).
  subcategory_terms AS (
    SELECT DISTINCT s.id AS subcategory_id, t.term
    FROM (SELECT DISTINCT subcategory_id FROM live) x JOIN subcategories s ON s.id = x.subcategory_id
    CROSS JOIN LATERAL mg_category_names('subcategory', s.name) AS n(name)
    CROSS JOIN LATERAL unnest(mg_search_words(n.name)) AS t(term)
    WHERE n.name = s.name OR strpos(n.name, '&') = 0),
  -- The kinds of a two-kind shelf: the words of the n-th part of each of its names.
  kind_terms AS (
    SELECT DISTINCT s.id AS subcategory_id, k.pos, t.term,
      regexp_replace(t.term, '^(.{4,}?)[aeio]?[ns]?$', '\1') AS stem
    FROM (SELECT DISTINCT subcategory_id FROM live) x JOIN subcategories s ON s.id = x.subcategory_id
    CROSS JOIN LATERAL mg_category_names('subcategory', s.name) AS n(name)
    CROSS JOIN LATERAL unnest(string_to_array(n.name, '&')) WITH ORDINALITY AS k(part, pos)
    CROSS JOIN LATERAL unnest(mg_search_words(k.part)) AS t(term)
    WHERE strpos(s.name, '&') > 0
      AND cardinality(string_to_array(n.name, '&')) = cardinality(string_to_array(s.name, '&'))),
  -- The kinds each product's own words name.
  product_kinds AS (
    SELECT DISTINCT p.id, p.subcategory_id, k.pos
    FROM live p JOIN kind_terms k ON k.subcategory_id = p.subcategory_id
    CROSS JOIN LATERAL unnest(mg_search_words(concat_ws(' ', p.name, p.brand, p.description))) AS o(word)
    WHERE (length(k.stem) >= 4 AND strpos(o.word, k.stem) > 0)
       OR (length(k.stem) = 3 AND right(o.word, 3) = k.stem)),
  category_terms AS (
    SELECT DISTINCT x.category_id, x.subcategory_id, t.term
    FROM (SELECT DISTINCT category_id, subcategory_id FROM live) x JOIN categories c ON c.id = x.category_id
    CROSS JOIN LATERAL mg_category_names('category', c.name) AS n(name)
    CROSS JOIN LATERAL unnest(mg_search_words(n.name)) AS t(term)
    WHERE NOT EXISTS (
      SELECT 1 FROM subcategories o CROSS JOIN LATERAL mg_category_names('subcategory', o.name) AS m(name)
      WHERE o.category_id = x.category_id AND o.id <> x.subcategory_id AND mg_search_fold(m.name) = t.term)),
  added AS (
    INSERT INTO search_product_terms (term, field, product_id)
    SELECT w.term, min(w.field), w.id FROM (
      SELECT p.id, unnest(mg_search_words(p.name)) AS term, 0 AS field FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(p.brand)), 1 FROM live p
      UNION ALL SELECT p.id, s.term, 2 FROM live p JOIN subcategory_terms s ON s.subcategory_id = p.subcategory_id
      UNION ALL SELECT pk.id, k.term, 2 FROM product_kinds pk
        JOIN kind_terms k ON k.subcategory_id = pk.subcategory_id AND k.pos = pk.pos
      UNION ALL SELECT p.id, c.term, 3 FROM live p
        JOIN category_terms c ON c.category_id = p.category_id AND c.subcategory_id = p.subcategory_id
      UNION ALL SELECT p.id, unnest(mg_search_words(p.description)), 4 FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(u.username)), 5 FROM live p JOIN users u ON u.id = p.seller_id
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
SELECT mg_search_index_products(ARRAY(SELECT id FROM products));
