CREATE TABLE "category_labels" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"lang" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "category_labels_pkey" PRIMARY KEY("kind","name","lang"),
	CONSTRAINT "category_labels_kind" CHECK ("category_labels"."kind" in ('category', 'subcategory'))
);
--> statement-breakpoint
INSERT INTO "category_labels" ("kind", "name", "lang", "label") VALUES
  ('category', 'Food & Drinks', 'de', 'Essen & Trinken'),
  ('subcategory', 'Cheese & Dairy', 'de', 'Käse & Milchprodukte'),
  ('subcategory', 'Chocolate & Sweets', 'de', 'Schokolade & Süsses'),
  ('subcategory', 'Bakery', 'de', 'Bäckerei'),
  ('subcategory', 'Wine & Spirits', 'de', 'Wein & Spirituosen'),
  ('subcategory', 'Coffee & Tea', 'de', 'Kaffee & Tee'),
  ('category', 'Fashion', 'de', 'Mode'),
  ('subcategory', 'Women', 'de', 'Damen'),
  ('subcategory', 'Men', 'de', 'Herren'),
  ('subcategory', 'Children', 'de', 'Kinder'),
  ('subcategory', 'Shoes', 'de', 'Schuhe'),
  ('subcategory', 'Accessories', 'de', 'Accessoires'),
  ('category', 'Home & Living', 'de', 'Wohnen'),
  ('subcategory', 'Furniture', 'de', 'Möbel'),
  ('subcategory', 'Kitchen', 'de', 'Küche'),
  ('subcategory', 'Decoration', 'de', 'Dekoration'),
  ('subcategory', 'Textiles', 'de', 'Textilien'),
  ('subcategory', 'Lighting', 'de', 'Beleuchtung'),
  ('category', 'Electronics', 'de', 'Elektronik'),
  ('subcategory', 'Phones', 'de', 'Telefone'),
  ('subcategory', 'Computers', 'de', 'Computer'),
  ('subcategory', 'Audio', 'de', 'Audio'),
  ('subcategory', 'Cameras', 'de', 'Kameras'),
  ('subcategory', 'Household Appliances', 'de', 'Haushaltgeräte'),
  ('category', 'Sports & Outdoors', 'de', 'Sport & Outdoor'),
  ('subcategory', 'Hiking', 'de', 'Wandern'),
  ('subcategory', 'Winter Sports', 'de', 'Wintersport'),
  ('subcategory', 'Cycling', 'de', 'Velo'),
  ('subcategory', 'Fitness', 'de', 'Fitness'),
  ('subcategory', 'Camping', 'de', 'Camping'),
  ('category', 'Watches & Jewellery', 'de', 'Uhren & Schmuck'),
  ('subcategory', 'Watches', 'de', 'Uhren'),
  ('subcategory', 'Rings', 'de', 'Ringe'),
  ('subcategory', 'Necklaces', 'de', 'Halsketten'),
  ('subcategory', 'Bracelets', 'de', 'Armbänder'),
  ('category', 'Health & Beauty', 'de', 'Gesundheit & Schönheit'),
  ('subcategory', 'Skin Care', 'de', 'Hautpflege'),
  ('subcategory', 'Hair Care', 'de', 'Haarpflege'),
  ('subcategory', 'Fragrances', 'de', 'Düfte'),
  ('subcategory', 'Natural Remedies', 'de', 'Naturheilmittel'),
  ('category', 'Books & Stationery', 'de', 'Bücher & Papeterie'),
  ('subcategory', 'Books', 'de', 'Bücher'),
  ('subcategory', 'Notebooks & Paper', 'de', 'Notizbücher & Papier'),
  ('subcategory', 'Pens', 'de', 'Schreibgeräte'),
  ('subcategory', 'Maps & Guides', 'de', 'Karten & Reiseführer'),
  ('category', 'Toys & Games', 'de', 'Spielwaren'),
  ('subcategory', 'Wooden Toys', 'de', 'Holzspielzeug'),
  ('subcategory', 'Board Games', 'de', 'Brettspiele'),
  ('subcategory', 'Puzzles', 'de', 'Puzzles'),
  ('subcategory', 'Outdoor Play', 'de', 'Spielen im Freien'),
  ('category', 'Garden & DIY', 'de', 'Garten & Heimwerken'),
  ('subcategory', 'Plants', 'de', 'Pflanzen'),
  ('subcategory', 'Garden Tools', 'de', 'Gartenwerkzeug'),
  ('subcategory', 'Workshop Tools', 'de', 'Werkstattwerkzeug'),
  ('subcategory', 'Outdoor Furniture', 'de', 'Gartenmöbel'),
  ('category', 'Food & Drinks', 'fr', 'Alimentation & boissons'),
  ('subcategory', 'Cheese & Dairy', 'fr', 'Fromages & produits laitiers'),
  ('subcategory', 'Chocolate & Sweets', 'fr', 'Chocolat & douceurs'),
  ('subcategory', 'Bakery', 'fr', 'Boulangerie'),
  ('subcategory', 'Wine & Spirits', 'fr', 'Vins & spiritueux'),
  ('subcategory', 'Coffee & Tea', 'fr', 'Café & thé'),
  ('category', 'Fashion', 'fr', 'Mode'),
  ('subcategory', 'Women', 'fr', 'Femmes'),
  ('subcategory', 'Men', 'fr', 'Hommes'),
  ('subcategory', 'Children', 'fr', 'Enfants'),
  ('subcategory', 'Shoes', 'fr', 'Chaussures'),
  ('subcategory', 'Accessories', 'fr', 'Accessoires'),
  ('category', 'Home & Living', 'fr', 'Maison & habitat'),
  ('subcategory', 'Furniture', 'fr', 'Meubles'),
  ('subcategory', 'Kitchen', 'fr', 'Cuisine'),
  ('subcategory', 'Decoration', 'fr', 'Décoration'),
  ('subcategory', 'Textiles', 'fr', 'Textiles'),
  ('subcategory', 'Lighting', 'fr', 'Éclairage'),
  ('category', 'Electronics', 'fr', 'Électronique'),
  ('subcategory', 'Phones', 'fr', 'Téléphones'),
  ('subcategory', 'Computers', 'fr', 'Ordinateurs'),
  ('subcategory', 'Audio', 'fr', 'Audio'),
  ('subcategory', 'Cameras', 'fr', 'Appareils photo'),
  ('subcategory', 'Household Appliances', 'fr', 'Électroménager'),
  ('category', 'Sports & Outdoors', 'fr', 'Sport & plein air'),
  ('subcategory', 'Hiking', 'fr', 'Randonnée'),
  ('subcategory', 'Winter Sports', 'fr', 'Sports d’hiver'),
  ('subcategory', 'Cycling', 'fr', 'Vélo'),
  ('subcategory', 'Fitness', 'fr', 'Fitness'),
  ('subcategory', 'Camping', 'fr', 'Camping'),
  ('category', 'Watches & Jewellery', 'fr', 'Montres & bijoux'),
  ('subcategory', 'Watches', 'fr', 'Montres'),
  ('subcategory', 'Rings', 'fr', 'Bagues'),
  ('subcategory', 'Necklaces', 'fr', 'Colliers'),
  ('subcategory', 'Bracelets', 'fr', 'Bracelets'),
  ('category', 'Health & Beauty', 'fr', 'Santé & beauté'),
  ('subcategory', 'Skin Care', 'fr', 'Soins de la peau'),
  ('subcategory', 'Hair Care', 'fr', 'Soins des cheveux'),
  ('subcategory', 'Fragrances', 'fr', 'Parfums'),
  ('subcategory', 'Natural Remedies', 'fr', 'Remèdes naturels'),
  ('category', 'Books & Stationery', 'fr', 'Livres & papeterie'),
  ('subcategory', 'Books', 'fr', 'Livres'),
  ('subcategory', 'Notebooks & Paper', 'fr', 'Carnets & papier'),
  ('subcategory', 'Pens', 'fr', 'Stylos'),
  ('subcategory', 'Maps & Guides', 'fr', 'Cartes & guides'),
  ('category', 'Toys & Games', 'fr', 'Jouets & jeux'),
  ('subcategory', 'Wooden Toys', 'fr', 'Jouets en bois'),
  ('subcategory', 'Board Games', 'fr', 'Jeux de société'),
  ('subcategory', 'Puzzles', 'fr', 'Puzzles'),
  ('subcategory', 'Outdoor Play', 'fr', 'Jeux d’extérieur'),
  ('category', 'Garden & DIY', 'fr', 'Jardin & bricolage'),
  ('subcategory', 'Plants', 'fr', 'Plantes'),
  ('subcategory', 'Garden Tools', 'fr', 'Outils de jardin'),
  ('subcategory', 'Workshop Tools', 'fr', 'Outils d’atelier'),
  ('subcategory', 'Outdoor Furniture', 'fr', 'Mobilier de jardin'),
  ('category', 'Food & Drinks', 'it', 'Cibo & bevande'),
  ('subcategory', 'Cheese & Dairy', 'it', 'Formaggi & latticini'),
  ('subcategory', 'Chocolate & Sweets', 'it', 'Cioccolato & dolci'),
  ('subcategory', 'Bakery', 'it', 'Panetteria'),
  ('subcategory', 'Wine & Spirits', 'it', 'Vini & distillati'),
  ('subcategory', 'Coffee & Tea', 'it', 'Caffè & tè'),
  ('category', 'Fashion', 'it', 'Moda'),
  ('subcategory', 'Women', 'it', 'Donna'),
  ('subcategory', 'Men', 'it', 'Uomo'),
  ('subcategory', 'Children', 'it', 'Bambini'),
  ('subcategory', 'Shoes', 'it', 'Scarpe'),
  ('subcategory', 'Accessories', 'it', 'Accessori'),
  ('category', 'Home & Living', 'it', 'Casa & abitare'),
  ('subcategory', 'Furniture', 'it', 'Mobili'),
  ('subcategory', 'Kitchen', 'it', 'Cucina'),
  ('subcategory', 'Decoration', 'it', 'Decorazione'),
  ('subcategory', 'Textiles', 'it', 'Tessili'),
  ('subcategory', 'Lighting', 'it', 'Illuminazione'),
  ('category', 'Electronics', 'it', 'Elettronica'),
  ('subcategory', 'Phones', 'it', 'Telefoni'),
  ('subcategory', 'Computers', 'it', 'Computer'),
  ('subcategory', 'Audio', 'it', 'Audio'),
  ('subcategory', 'Cameras', 'it', 'Fotocamere'),
  ('subcategory', 'Household Appliances', 'it', 'Elettrodomestici'),
  ('category', 'Sports & Outdoors', 'it', 'Sport & outdoor'),
  ('subcategory', 'Hiking', 'it', 'Escursionismo'),
  ('subcategory', 'Winter Sports', 'it', 'Sport invernali'),
  ('subcategory', 'Cycling', 'it', 'Bicicletta'),
  ('subcategory', 'Fitness', 'it', 'Fitness'),
  ('subcategory', 'Camping', 'it', 'Campeggio'),
  ('category', 'Watches & Jewellery', 'it', 'Orologi & gioielli'),
  ('subcategory', 'Watches', 'it', 'Orologi'),
  ('subcategory', 'Rings', 'it', 'Anelli'),
  ('subcategory', 'Necklaces', 'it', 'Collane'),
  ('subcategory', 'Bracelets', 'it', 'Bracciali'),
  ('category', 'Health & Beauty', 'it', 'Salute & bellezza'),
  ('subcategory', 'Skin Care', 'it', 'Cura della pelle'),
  ('subcategory', 'Hair Care', 'it', 'Cura dei capelli'),
  ('subcategory', 'Fragrances', 'it', 'Profumi'),
  ('subcategory', 'Natural Remedies', 'it', 'Rimedi naturali'),
  ('category', 'Books & Stationery', 'it', 'Libri & cartoleria'),
  ('subcategory', 'Books', 'it', 'Libri'),
  ('subcategory', 'Notebooks & Paper', 'it', 'Quaderni & carta'),
  ('subcategory', 'Pens', 'it', 'Penne'),
  ('subcategory', 'Maps & Guides', 'it', 'Carte & guide'),
  ('category', 'Toys & Games', 'it', 'Giocattoli & giochi'),
  ('subcategory', 'Wooden Toys', 'it', 'Giocattoli in legno'),
  ('subcategory', 'Board Games', 'it', 'Giochi da tavolo'),
  ('subcategory', 'Puzzles', 'it', 'Puzzle'),
  ('subcategory', 'Outdoor Play', 'it', 'Giochi all’aperto'),
  ('category', 'Garden & DIY', 'it', 'Giardino & fai da te'),
  ('subcategory', 'Plants', 'it', 'Piante'),
  ('subcategory', 'Garden Tools', 'it', 'Attrezzi da giardino'),
  ('subcategory', 'Workshop Tools', 'it', 'Attrezzi da officina'),
  ('subcategory', 'Outdoor Furniture', 'it', 'Mobili da giardino');
--> statement-breakpoint
-- Every name of a category or subcategory: the English one (the row's) and its labels.
CREATE FUNCTION mg_category_names(k text, n text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT n UNION ALL SELECT label FROM category_labels WHERE kind = k AND name = n
$$;--> statement-breakpoint
-- Products as in 0007_search, and now the category and subcategory names in every language
-- (docs/decisions/180), with two rules:
-- * a word of the category's name that is the whole name of another subcategory of it is
--   that subcategory's: "Watches & Jewellery" gives "watches" to the watches only, not to
--   the rings ("watch" answered 5 watches and 7 jewels);
-- * a subcategory label naming two kinds ("Käse & Milchprodukte") is indexed in English only,
--   as before: nothing tells which products are of which kind, and "Käse" would answer the
--   yoghurt of the same shelf.
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
      UNION ALL SELECT p.id, c.term, 3 FROM live p
        JOIN category_terms c ON c.category_id = p.category_id AND c.subcategory_id = p.subcategory_id
      UNION ALL SELECT p.id, unnest(mg_search_words(p.description)), 4 FROM live p
      UNION ALL SELECT p.id, unnest(mg_search_words(u.username)), 5 FROM live p JOIN users u ON u.id = p.seller_id
    ) w GROUP BY w.term, w.id
    RETURNING term)
  INSERT INTO search_vocabulary (term) SELECT DISTINCT term FROM added ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
SELECT mg_search_index_products(ARRAY(SELECT id FROM products));
