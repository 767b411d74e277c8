import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER, loginAs, screenshots } from '../support/helpers';

/** Issue 8: the header switcher changes the language of the shell and the catalogue; it is remembered. */
const LANGUAGES = [
  {
    code: 'de-CH',
    label: 'Deutsch',
    shot: 'de',
    header: ['Verkäufer', 'Laden finden', 'Warenkorb', 'Anmelden'],
    home: {
      all: 'Alle Produkte',
      loadMore: 'Mehr laden',
      teasers: ['Neueste Bewertungen', 'Neueste Produkte', 'Neueste Verkäufer'],
      search: 'Produkte, Marken oder Verkäufer suchen',
      showing: /^[\d’]+ von [\d’]+ Produkten$/,
      soldBy: 'Verkauft von',
      carousel: 'Neueste Produkte',
    },
  },
  {
    code: 'fr-CH',
    label: 'Français',
    shot: 'fr',
    header: ['Vendeurs', 'Trouver un magasin', 'Panier', 'Se connecter'],
    home: {
      all: 'Tous les produits',
      loadMore: 'Afficher plus',
      teasers: ['Derniers avis', 'Derniers produits', 'Derniers vendeurs'],
      search: 'Rechercher produits, marques ou vendeurs',
      showing: /^[\d\u202f]+ produits sur [\d\u202f]+$/,
      soldBy: 'Vendu par',
      carousel: 'Derniers produits',
    },
  },
  {
    code: 'it-CH',
    label: 'Italiano',
    shot: 'it',
    header: ['Venditori', 'Trova un negozio', 'Carrello', 'Accedi'],
    home: {
      all: 'Tutti i prodotti',
      loadMore: 'Carica altri',
      teasers: ['Ultime recensioni', 'Ultimi prodotti', 'Ultimi venditori'],
      search: 'Cerca prodotti, marche o venditori',
      showing: /^[\d’]+ prodotti su [\d’]+$/,
      soldBy: 'Venduto da',
      carousel: 'Ultimi prodotti',
    },
  },
] as const;

type Language = (typeof LANGUAGES)[number];

async function expectHome(page: Page, lang: Language) {
  const header = page.getByRole('banner');
  for (const name of lang.header) await expect(header.getByText(name, { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang.code);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: lang.home.all })).toBeVisible();
  for (const name of lang.home.teasers)
    await expect(main.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(main.getByLabel(lang.home.search)).toBeVisible();
  await expect(main.getByText(lang.home.showing)).toBeVisible();
  await expect(main.getByRole('button', { name: lang.home.loadMore })).toBeVisible();
  await expect(main.getByTestId('product-card').first()).toContainText(lang.home.soldBy);
  await expect(main.getByRole('region', { name: lang.home.carousel })).toBeVisible();
  // No English left in the main texts of the home page.
  for (const english of ['All products', 'Load More', 'Latest Reviews', 'Sold by', 'Showing'])
    await expect(main.getByText(english, { exact: false })).toHaveCount(0);
}

const headerSwitcher = (page: Page) => page.getByRole('banner').getByTestId('language-switcher');

test.describe('four languages', () => {
  for (const lang of LANGUAGES) {
    test(`the header switcher shows the shop in ${lang.label}, remembered after a reload`, async ({
      page,
    }) => {
      // A still carousel for the screenshots.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.getByRole('banner').getByText('Sellers', { exact: true })).toBeVisible();
      await expect(page.getByTestId('product-card')).toHaveCount(12);
      await headerSwitcher(page).selectOption({ label: lang.label });
      await expectHome(page, lang);
      // The footer switcher follows the choice.
      await expect(page.getByRole('contentinfo').getByTestId('language-switcher')).toHaveValue(lang.code);
      await page.reload();
      await expect(headerSwitcher(page)).toHaveValue(lang.code);
      await expectHome(page, lang);
      await screenshots(page, `home-${lang.shot}`);
    });
  }

  test('the footer switcher changes the language back to English', async ({ page }) => {
    await page.goto('/');
    await headerSwitcher(page).selectOption({ label: 'Deutsch' });
    await expect(page.getByRole('banner').getByText('Warenkorb', { exact: true })).toBeVisible();
    await page.getByRole('contentinfo').getByTestId('language-switcher').selectOption({ label: 'English' });
    await expect(page.getByRole('banner').getByText('Cart', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'All products' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More' })).toBeVisible();
  });

  test('account and product pages follow the language; prices keep the CHF rule', async ({ page }) => {
    await page.goto('/');
    await headerSwitcher(page).selectOption({ label: 'Deutsch' });
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Verkäufer' })).toBeVisible();
    await screenshots(page, 'login-de');
    await page.goto('/#/register');
    await expect(page.getByLabel('Passwort bestätigen')).toBeVisible();
    await page.getByLabel('Benutzername').fill('anna.meier');
    await page.getByLabel('E-Mail-Adresse').fill('anna@example.ch');
    await page.getByLabel('Passwort', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Passwort bestätigen').fill('secret-pass-2');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('alert')).toHaveText('Die Passwörter stimmen nicht überein');

    const list = (await (await page.request.get('/api/products/?offset=0&limit=50')).json()) as {
      results: { id: number; countInStock: number }[];
    };
    const product = list.results.find((p) => p.countInStock > 0)!;
    await page.goto(`/#/product/${product.id}`);
    await expect(page.getByText('Bitte melden Sie sich an, um eine Bewertung zu schreiben')).toBeVisible();
    await expect(page.getByLabel('Bestellart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toBeDisabled();
    await expect(page.getByTestId('stock-badge')).toContainText('An Lager');
    await expect(page.getByTestId('product-price')).toHaveText(/^CHF \d{1,3}(’\d{3})*(\.-|\.\d{2})$/);
    await screenshots(page, 'product-de');

    await headerSwitcher(page).selectOption({ label: 'Français' });
    await expect(page.getByLabel('Mode de commande')).toBeVisible();
    await expect(page.getByText('Veuillez vous connecter pour écrire un avis')).toBeVisible();
    await screenshots(page, 'product-fr');
    await page.goto('/#/sellers');
    await expect(page.getByRole('heading', { level: 1, name: 'Vendeurs' })).toBeVisible();
    await expect(page.getByLabel('Filtrer par catégorie')).toBeVisible();
    await screenshots(page, 'sellers-fr');
  });

  test('a seller’s own profile and product in Italian', async ({ page }) => {
    const info = await loginAs(page, DEMO_SELLER);
    await headerSwitcher(page).selectOption({ label: 'Italiano' });
    await page.goto('/#/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifica profilo' })).toBeVisible();
    await expect(page.getByText(/^Membro dal \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await screenshots(page, 'profile-it');
    const own = (await (await page.request.get(`/api/products/user/${info.id}`)).json()) as { id: number }[];
    await page.goto(`/#/product/${own[0]!.id}`);
    await expect(
      page.getByText('I conti venditore non possono acquistare prodotti dei propri negozi.'),
    ).toBeVisible();
    await expect(
      page.getByText('Solo gli utenti con un profilo cliente possono scrivere una recensione'),
    ).toBeVisible();
  });
});

test.describe('first visit', () => {
  test.use({ locale: 'fr-CH' });

  test('a browser set to fr-CH opens the shop in French', async ({ page }) => {
    await page.goto('/');
    await expectHome(page, LANGUAGES[1]);
    await expect(headerSwitcher(page)).toHaveValue('fr-CH');
  });
});
