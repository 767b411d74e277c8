/**
 * Issue 8 for the store map and the seller back office: with the language switched in the
 * header, the map, My stores, My products and the add forms speak German, French or Italian
 * (client-side validation included), and no English is left in their main texts.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER, loginAs, screenshots } from '../support/helpers';

const switcher = (page: Page) => page.getByRole('banner').getByTestId('language-switcher');

const CODES = { Deutsch: 'de-CH', Français: 'fr-CH', Italiano: 'it-CH', English: 'en' } as const;

/** Switches in the header and waits until the new language is loaded (and remembered). */
async function switchTo(page: Page, label: keyof typeof CODES) {
  await switcher(page).selectOption({ label });
  await expect(page.locator('html')).toHaveAttribute('lang', CODES[label]);
}

async function mapReady(page: Page) {
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

async function noEnglish(page: Page, words: string[]) {
  const main = page.getByRole('main');
  for (const english of words) await expect(main.getByText(english, { exact: true })).toHaveCount(0);
}

test('the store map in German, French and Italian', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await switchTo(page, 'Deutsch');
  await page.goto('/#/map');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Laden finden' })).toBeVisible();
  await expect(page).toHaveTitle(/^Laden finden/);
  await expect(main.getByLabel('Läden suchen')).toHaveAttribute('placeholder', /Verkäufer, Orte/);
  await expect(main.getByRole('navigation', { name: 'Ladenkategorien' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Alle', exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: /^Läden/ })).toContainText(/\d+ Läden/);
  await mapReady(page);
  await expect(main.getByRole('region', { name: 'Karte der Läden' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Hineinzoomen', exact: true })).toBeVisible();
  const first = main.getByRole('listitem').first();
  await expect(first).toContainText('Verkäufer:');
  await expect(first.getByRole('button', { name: /auf der Karte anzeigen$/ })).toHaveText('Anzeigen');
  // "Anzeigen" opens the store's popup on the map, in German too.
  await first.getByRole('button').click();
  await expect(page.locator('.maplibregl-popup')).toContainText('Verkäufer:');
  await expect(page.getByRole('button', { name: 'Info schliessen' }).first()).toBeVisible();
  await noEnglish(page, ['Find a Store', 'Stores', 'Show', 'All', 'No stores found.']);
  await main.getByLabel('Läden suchen').fill('zzqx-nirgends');
  await expect(main.getByText('Keine Läden gefunden.')).toBeVisible();
  await main.getByLabel('Läden suchen').fill('');
  await expect(main.getByRole('listitem').first()).toBeVisible();
  await screenshots(page, 'map-de');

  await switchTo(page, 'Français');
  await expect(main.getByRole('heading', { level: 1, name: 'Trouver un magasin' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: /^Magasins/ })).toContainText(/\d+ magasins/);
  await mapReady(page);
  await expect(main.getByRole('button', { name: 'Zoomer', exact: true })).toBeVisible();
  await expect(main.getByRole('listitem').first().getByRole('button')).toHaveText('Afficher');

  await switchTo(page, 'Italiano');
  await expect(main.getByRole('heading', { level: 1, name: 'Trova un negozio' })).toBeVisible();
  await expect(main.getByLabel('Cerca negozi')).toBeVisible();
  await expect(main.getByRole('listitem').first().getByRole('button')).toHaveText('Mostra');
});

test('My stores and My products in French, German and Italian', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO_SELLER, undefined, '/mystores');
  await switchTo(page, 'Français');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Mes magasins' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Ajouter un magasin' })).toBeVisible();
  await expect(main.getByLabel('Rechercher dans mes magasins')).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Magasin', exact: true })).toBeVisible();
  const view = main.getByRole('button', { name: /^Voir les produits de / }).first();
  await view.click();
  await expect(view).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('heading', { level: 2, name: /^Stock de / })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Modifier le stock de / }).first()).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Produit' })).toBeVisible();
  // Prices keep the CHF rule.
  await expect(main.locator('td', { hasText: /^CHF [\d\u202f]+(\.-|\.\d{2})$/ }).first()).toBeVisible();
  await noEnglish(page, ['My Stores', 'Add Store', 'View Products', 'Delete', 'Edit', 'Product', 'Price']);
  await screenshots(page, 'mystores-fr');

  // Editing a stock: the rule is French as well.
  await main
    .getByRole('button', { name: /^Modifier le stock de / })
    .first()
    .click();
  await main.getByLabel(/^Stock de .+ à /).fill('1.5');
  await main.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(main.getByText('Le stock doit être un nombre entier de 0 à 1 000 000.')).toBeVisible();
  await main.getByRole('button', { name: 'Annuler' }).click();

  await switchTo(page, 'Deutsch');
  await page.goto('/#/myproducts');
  await expect(main.getByRole('heading', { level: 1, name: 'Meine Produkte' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Produkt hinzufügen' })).toBeVisible();
  const viewStock = main.getByRole('button', { name: /^Bestand anzeigen/ }).first();
  await viewStock.click();
  await expect(main.getByRole('heading', { level: 2, name: /^Bestand von / })).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Laden' })).toBeVisible();
  await expect(main.locator('tbody td.text-nowrap', { hasText: /^CHF [\d’]+$/ }).first()).toBeVisible();
  await noEnglish(page, ['My Products', 'View Stock', 'Delete', 'Store', 'Stock']);
  await screenshots(page, 'myproducts-de');

  // The add forms: labels and the client's validation messages.
  await main.getByRole('link', { name: 'Produkt hinzufügen' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Produkt hinzufügen' })).toBeVisible();
  await main.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(main.getByText('Geben Sie eine Marke ein.')).toBeVisible();
  await expect(main.getByText('Wählen Sie eine Kategorie.')).toBeVisible();
  await expect(main.getByLabel('Marke')).toBeFocused();
  await main.getByLabel('Preis').fill('12.345');
  await main.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(
    main.getByText('Geben Sie einen Preis in CHF mit höchstens zwei Dezimalstellen ein.'),
  ).toBeVisible();

  await page.goto('/#/mystores/add-store');
  await expect(main.getByRole('heading', { level: 1, name: 'Laden hinzufügen' })).toBeVisible();
  await mapReady(page);
  await expect(main.getByRole('region', { name: /^Karte: klicken/ })).toBeVisible();
  await main.getByRole('button', { name: 'Laden erstellen' }).click();
  await expect(main.getByText('Geben Sie den Namen des Ladens ein.')).toBeVisible();
  await expect(main.getByText('Geben Sie einen Breitengrad ein.')).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Adresse' })).toBeVisible();
  await expect(main.getByLabel('Längengrad')).toHaveAttribute('placeholder', 'z. B. 8.541694');
  await screenshots(page, 'addstore-de');

  await switchTo(page, 'Italiano');
  await page.goto('/#/mystores');
  await expect(main.getByRole('heading', { level: 1, name: 'I miei negozi' })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Vedi prodotti/ }).first()).toBeVisible();
});
