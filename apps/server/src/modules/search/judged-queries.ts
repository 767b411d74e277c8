/**
 * The judged query set (docs/decisions/128): searches a shopper types over the demo catalogue
 * (apps/server/src/demo), each with the products a person judged relevant, by product name.
 * Judged from the catalogue, before looking at any answer: "relevant" is what the shopper
 * wants to see for the words, whatever words the product happens to use (so "Lampe" also
 * wants the Leuchten, "montre" every watch). `typo` queries carry one misspelt letter (two
 * in long words); their relevant products are the ones that were meant.
 */
export interface JudgedQuery {
  q: string;
  lang: 'de' | 'fr' | 'it' | 'en';
  kind: 'exact' | 'typo';
  relevant: string[];
}

export const CHEESES = [
  'Emmentaler AOP, 12 Monate gereift, 500 g',
  'Alpkäse Saanenland, 400 g',
  'Raclette-Käse am Stück, 1 kg',
  'Tomme Vaudoise, 2 Stück',
];
const WATCHES = [
  'Montre automatique Vallée de Joux',
  'Chronographe Chasseral',
  'Quarzuhr Aare, Damen',
  'Bahnhofsuhr-Armbanduhr',
  'Taschenuhr Savonnette',
];
const RINGS = [
  'Bague Doubs, or rose 18 ct',
  'Alliance Creux-du-Van, paire',
  'Silberring Edelweiss',
  'Ring Bergkristall',
];
const BRACELETS = [
  'Armband Zürichsee, Silber',
  'Bracelet jonc Jura, argent',
  'Lederarmband Kuhglocke',
  'Bracelet maille milanaise',
];
const MATTERHORN = [
  'Smartphone Matterhorn 5G, 128 GB',
  'Smartphone Matterhorn Pro, 256 GB',
  'Schutzhülle Leder für Matterhorn',
  'Kette Matterhorn, Silber',
  'Puzzle Matterhorn, 2000 Teile',
];
const CHOCOLATE = [
  'Dunkle Schokolade 72 %, 3 × 100 g',
  'Milchschokolade Haselnuss, 3 × 100 g',
  'Truffes Champagne, 250 g',
];
const COFFEE = ['Caffè Ticino, Bohnen 500 g', 'Espresso Decaffeinato, 250 g'];
const WOOL = [
  'Wollrock Hundwil',
  'Wollmütze Ebenalp, Herren',
  'Wollschal Hoher Kasten',
  'Strickjacke Ebenalp, Damen',
  'Pullover Säntis, Herren',
  'Gilet Alpstein, Herren',
  'Fäustlinge Chlaus, Kinder',
  'Wollfinken Appenzeller Art',
  'Socken Alpaufzug, 3 Paar',
  'Wollmantel Lindenhof',
  'Wollhose Glärnisch',
  'Wolldecke Churfirsten',
  'Kinderpullover Schäfli',
];
const CYCLING = [
  'Stadtvelo Rheinufer, 8 Gänge',
  'Gravelbike Jura GRX',
  'Velohelm Urban',
  'Gepäckträgertasche wasserdicht, 20 L',
  'Veloschloss Bügel',
];
const LAMPS = [
  'Stirnlampe 400 Lumen',
  'Stehleuchte Arve',
  'Wandleuchte Lorze',
  'Pendelleuchte Ägerisee',
  'Tischleuchte Rigi',
];
const SHOES = [
  'Wanderschuh Niesen',
  'Lederstiefel Gurnigel',
  'Wollfinken Appenzeller Art',
  'Sneaker Aare, weiss',
];
const CAMERAS = [
  'Spiegellose Kamera A7 Kit',
  'Festbrennweite 50 mm f/1.8',
  'Kamerarucksack Trekking',
  'Stativ Carbon leicht',
];

export const JUDGED_QUERIES: JudgedQuery[] = [
  // German, as typed
  { q: 'Käse', lang: 'de', kind: 'exact', relevant: [...CHEESES, 'Käsemesser mit Eschengriff'] },
  { q: 'Kaese', lang: 'de', kind: 'exact', relevant: [...CHEESES, 'Käsemesser mit Eschengriff'] },
  { q: 'Kase', lang: 'de', kind: 'exact', relevant: [...CHEESES, 'Käsemesser mit Eschengriff'] },
  { q: 'Schokolade', lang: 'de', kind: 'exact', relevant: CHOCOLATE },
  { q: 'Wolle', lang: 'de', kind: 'exact', relevant: WOOL },
  {
    q: 'Pullover',
    lang: 'de',
    kind: 'exact',
    relevant: ['Pullover Säntis, Herren', 'Rollkragenpullover Kronberg, Damen', 'Kinderpullover Schäfli'],
  },
  { q: 'Uhr', lang: 'de', kind: 'exact', relevant: WATCHES },
  { q: 'Velo', lang: 'de', kind: 'exact', relevant: [...CYCLING, 'Velokarte Seeland'] },
  {
    q: 'Tee',
    lang: 'de',
    kind: 'exact',
    relevant: ['Grüntee Sencha, 100 g', 'Alpenkräutertee, 100 g', 'Earl Grey mit Bergamotte, 100 g'],
  },
  {
    q: 'Raclette',
    lang: 'de',
    kind: 'exact',
    relevant: [
      'Raclette-Käse am Stück, 1 kg',
      'Raclette-Ofen für zwei',
      'Raclette-Grill Deluxe, 8 Pfännchen',
    ],
  },
  {
    q: 'Rucksack',
    lang: 'de',
    kind: 'exact',
    relevant: ['Wanderrucksack Bernina 30 L', 'Kamerarucksack Trekking'],
  },
  { q: 'Lampe', lang: 'de', kind: 'exact', relevant: LAMPS },
  { q: 'Matterhorn', lang: 'de', kind: 'exact', relevant: MATTERHORN },
  {
    q: 'Edelweiss',
    lang: 'de',
    kind: 'exact',
    relevant: [
      'Kissenbezug Edelweiss, 50 × 50',
      'Silberring Edelweiss',
      'Gesichtscreme Edelweiss',
      'Edelweiss im Topf',
    ],
  },
  { q: 'Schuhe', lang: 'de', kind: 'exact', relevant: SHOES },
  {
    q: 'Kopfhörer',
    lang: 'de',
    kind: 'exact',
    relevant: ['In-Ear-Kopfhörer Sport', 'Kopfhörer Silence ANC'],
  },
  {
    q: 'Messer',
    lang: 'de',
    kind: 'exact',
    relevant: ['Käsemesser mit Eschengriff', 'Sackmesser Ranger, 14 Funktionen'],
  },
  {
    q: 'Schlafsack',
    lang: 'de',
    kind: 'exact',
    relevant: ['Schlafsack Daune −5 °C', 'Kinderschlafsack Wölkli'],
  },
  {
    q: 'Puzzle',
    lang: 'de',
    kind: 'exact',
    relevant: [
      'Puzzle Rheinfall, 500 Teile',
      'Puzzle Kapellbrücke, 1000 Teile',
      'Puzzle Matterhorn, 2000 Teile',
      'Holzpuzzle Schweizer Karte',
    ],
  },
  {
    q: 'Kirsch',
    lang: 'de',
    kind: 'exact',
    relevant: ['Zuger Kirsch AOP, 50 cl', 'Zuger Kirschtorte, 6 Portionen'],
  },
  { q: 'Alpkäse Saanenland', lang: 'de', kind: 'exact', relevant: ['Alpkäse Saanenland, 400 g'] },
  { q: 'Puzzle Matterhorn', lang: 'de', kind: 'exact', relevant: ['Puzzle Matterhorn, 2000 Teile'] },
  { q: 'Smartphone Pro', lang: 'de', kind: 'exact', relevant: ['Smartphone Matterhorn Pro, 256 GB'] },
  { q: 'Leder Gürtel', lang: 'de', kind: 'exact', relevant: ['Ledergürtel Handarbeit'] },
  { q: 'Tisch Lärche', lang: 'de', kind: 'exact', relevant: ['Gartentisch Lärche, 180 cm'] },
  // French
  { q: 'montre', lang: 'fr', kind: 'exact', relevant: WATCHES },
  { q: 'bracelet', lang: 'fr', kind: 'exact', relevant: BRACELETS },
  { q: 'fromage', lang: 'fr', kind: 'exact', relevant: CHEESES },
  { q: 'bague', lang: 'fr', kind: 'exact', relevant: RINGS },
  { q: 'chocolat', lang: 'fr', kind: 'exact', relevant: CHOCOLATE },
  { q: 'café', lang: 'fr', kind: 'exact', relevant: COFFEE },
  { q: 'collier perle', lang: 'fr', kind: 'exact', relevant: ['Collier Perle du Léman'] },
  { q: 'Vallée de Joux', lang: 'fr', kind: 'exact', relevant: ['Montre automatique Vallée de Joux'] },
  // Italian
  { q: 'caffè', lang: 'it', kind: 'exact', relevant: COFFEE },
  {
    q: 'Ticino',
    lang: 'it',
    kind: 'exact',
    relevant: ['Merlot del Ticino DOC 2021, 75 cl', 'Caffè Ticino, Bohnen 500 g', 'Guida ai grotti ticinesi'],
  },
  { q: 'grotti', lang: 'it', kind: 'exact', relevant: ['Guida ai grotti ticinesi'] },
  { q: 'formaggio', lang: 'it', kind: 'exact', relevant: CHEESES },
  { q: 'cioccolato', lang: 'it', kind: 'exact', relevant: CHOCOLATE },
  { q: 'Merlot', lang: 'it', kind: 'exact', relevant: ['Merlot del Ticino DOC 2021, 75 cl'] },
  // English
  { q: 'cheese', lang: 'en', kind: 'exact', relevant: CHEESES },
  { q: 'watch', lang: 'en', kind: 'exact', relevant: WATCHES },
  { q: 'bike', lang: 'en', kind: 'exact', relevant: ['Stadtvelo Rheinufer, 8 Gänge', 'Gravelbike Jura GRX'] },
  { q: 'camera', lang: 'en', kind: 'exact', relevant: CAMERAS },
  { q: 'chocolate', lang: 'en', kind: 'exact', relevant: CHOCOLATE },
  // One letter wrong (two in long words): the product meant comes first
  { q: 'Emmentlaer', lang: 'de', kind: 'typo', relevant: ['Emmentaler AOP, 12 Monate gereift, 500 g'] },
  { q: 'Schokolde', lang: 'de', kind: 'typo', relevant: ['Dunkle Schokolade 72 %, 3 × 100 g'] },
  {
    q: 'Kopfhörrer',
    lang: 'de',
    kind: 'typo',
    relevant: ['Kopfhörer Silence ANC', 'In-Ear-Kopfhörer Sport'],
  },
  { q: 'Matterhron', lang: 'de', kind: 'typo', relevant: MATTERHORN },
  {
    q: 'Raclete',
    lang: 'de',
    kind: 'typo',
    relevant: [
      'Raclette-Käse am Stück, 1 kg',
      'Raclette-Ofen für zwei',
      'Raclette-Grill Deluxe, 8 Pfännchen',
    ],
  },
  { q: 'Tourenksi', lang: 'de', kind: 'typo', relevant: ['Tourenski Piz Palü, 170 cm'] },
  { q: 'Luxemburgerlli', lang: 'de', kind: 'typo', relevant: ['Luxemburgerli Sortiment, 24 Stück'] },
  { q: 'Trottinet', lang: 'de', kind: 'typo', relevant: ['Trottinett Kinder, faltbar'] },
  { q: 'Kaffevollautomat', lang: 'de', kind: 'typo', relevant: ['Kaffeevollautomat Barista Uno'] },
  { q: 'Gravelbke', lang: 'en', kind: 'typo', relevant: ['Gravelbike Jura GRX'] },
  { q: 'Chasselat', lang: 'fr', kind: 'typo', relevant: ['Chasselas Lavaux AOC, 75 cl'] },
  { q: 'chronografe', lang: 'fr', kind: 'typo', relevant: ['Chronographe Chasseral'] },
  { q: 'mointre', lang: 'fr', kind: 'typo', relevant: ['Montre automatique Vallée de Joux'] },
  { q: 'Merlott', lang: 'it', kind: 'typo', relevant: ['Merlot del Ticino DOC 2021, 75 cl'] },
  { q: 'Decafeinato', lang: 'it', kind: 'typo', relevant: ['Espresso Decaffeinato, 250 g'] },
];
