import { describe, expect, it } from 'vitest';
import geodata from '../data/switzerland.json';
import { offlineStyle, storeMapFirstZoom, storeMapZoom, SWISS_CENTER, swissFitZoom } from './map-style';

describe('store map constants', () => {
  it('zooms to 7.7, or 6.5 on screens narrower than 992 px', () => {
    expect(storeMapZoom(1280)).toBe(7.7);
    expect(storeMapZoom(992)).toBe(7.7);
    expect(storeMapZoom(991)).toBe(6.5);
    expect(storeMapZoom(390)).toBe(6.5);
    expect(SWISS_CENTER).toEqual([8.23, 46.8]);
  });

  it('zoom out further when all of Switzerland would not fit the map', () => {
    // A 366 × 560 px phone map, a 736 × 560 px desktop map: both narrower than Switzerland at 6.5 / 7.7.
    const phone = storeMapFirstZoom(390, 366, 560);
    const desktop = storeMapFirstZoom(1280, 736, 560);
    expect(phone).toBeLessThan(6.5);
    expect(desktop).toBeLessThan(7.7);
    // Geneva (6.14°) and Val Müstair (10.49°) inside the phone map: px per degree at that zoom.
    const pxPerDegree = (512 * 2 ** phone) / 360;
    expect((8.23 - 5.956) * pxPerDegree).toBeLessThanOrEqual(366 / 2);
    expect((10.492 - 8.23) * pxPerDegree).toBeLessThanOrEqual(366 / 2);
    // A map large enough keeps the spec's zoom; an unmeasured one too.
    expect(storeMapFirstZoom(1280, 3000, 2000)).toBe(7.7);
    expect(storeMapFirstZoom(390, 0, 0)).toBe(6.5);
    // Twice the room is about one zoom step more.
    expect(swissFitZoom(732, 560) - swissFitZoom(366, 280)).toBeGreaterThan(0.95);
    expect(swissFitZoom(732, 560) - swissFitZoom(366, 280)).toBeLessThan(1.2);
  });
});

describe('offline style', () => {
  const style = offlineStyle('/assets/switzerland.json');

  it('needs no network: no glyphs, no sprite, no text, only the bundled data', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
    const urls = Object.values(style.sources).map((s) => (s as { data?: unknown }).data);
    expect(urls).toEqual([`${window.location.origin}/assets/switzerland.json`]);
  });

  it('draws the Swiss outline, canton borders and lakes from the bundled geodata', () => {
    const kinds = new Set(geodata.features.map((f) => f.properties.layer));
    expect(kinds).toEqual(new Set(['country', 'canton-border', 'lake']));
    expect(geodata.features.filter((f) => f.properties.layer === 'lake').length).toBeGreaterThan(10);
    const filters = style.layers.map((l) => JSON.stringify((l as { filter?: unknown }).filter ?? null));
    for (const kind of kinds) expect(filters.some((f) => f.includes(`"${kind}"`))).toBe(true);
    // Every coordinate lies in and around Switzerland (border lakes reach a little beyond).
    const flat = JSON.stringify(geodata.features.map((f) => f.geometry.coordinates)).match(/-?\d+\.?\d*/g)!;
    const numbers = flat.map(Number);
    const lngs = numbers.filter((_, i) => i % 2 === 0);
    const lats = numbers.filter((_, i) => i % 2 === 1);
    expect(Math.min(...lngs)).toBeGreaterThan(5.8);
    expect(Math.max(...lngs)).toBeLessThan(10.7);
    expect(Math.min(...lats)).toBeGreaterThan(45.6);
    expect(Math.max(...lats)).toBeLessThan(48);
  });
});
