import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { CANTON_NAMES, loadPlaces } from './places.ts';

interface Feature {
  place_name: string;
  text: string;
  center: [number, number];
  geometry: { type: string; coordinates: [number, number] };
  context: { id: string; text: string; short_code?: string }[];
  relevance: number;
  precision: 'address' | 'street' | 'locality';
  street?: string;
  postcodes?: string[];
}

const lookup = async (t: TestApp, q: string, language?: string) => {
  const res = await t.app.inject({
    url: `/api/geocode/?q=${encodeURIComponent(q)}`,
    headers: language ? { 'accept-language': language } : {},
  });
  return {
    status: res.statusCode,
    body: res.json() as { type: string; features: Feature[]; detail?: string },
  };
};
const contextText = (f: Feature, kind: string) => f.context.find((c) => c.id.startsWith(`${kind}.`))?.text;

describe('built-in Swiss places', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['zurich', 'Zürich', 'ZÜRICH', 'Zurch', 'Zuerich'])(
    '"%s" suggests the town Zürich first, with its postcodes to choose from and its centre',
    async (q) => {
      const { status, body } = await lookup(t, q);
      expect(status).toBe(200);
      expect(body.type).toBe('FeatureCollection');
      const [first] = body.features;
      expect(first!.place_name).toBe('Zürich, Zürich, Switzerland');
      expect(first!.precision).toBe('locality');
      expect(first!.postcodes).toEqual(expect.arrayContaining(['8001', '8004', '8050']));
      const [lng, lat] = first!.geometry.coordinates;
      expect(lat).toBeGreaterThan(47.3);
      expect(lat).toBeLessThan(47.45);
      expect(lng).toBeGreaterThan(8.45);
      expect(lng).toBeLessThan(8.62);
      expect(first!.center).toEqual(first!.geometry.coordinates);
      expect(contextText(first!, 'place')).toBe('Zürich');
      expect(contextText(first!, 'region')).toBe('Zürich');
      expect(contextText(first!, 'country')).toBe('Switzerland');
      // The town has many postcodes: none is claimed for it.
      expect(contextText(first!, 'postcode')).toBeUndefined();
      expect(body.features.length).toBeLessThanOrEqual(8);
    },
  );

  it('"8001" answers the postal code 8001 Zürich first', async () => {
    const { body } = await lookup(t, '8001');
    expect(body.features[0]!.place_name).toBe('8001 Zürich, Zürich, Switzerland');
    expect(contextText(body.features[0]!, 'postcode')).toBe('8001');
    expect(body.features[0]!.postcodes).toEqual(['8001']);
  });

  it('a postal code prefix lists several codes, at most 8', async () => {
    const { body } = await lookup(t, '80');
    expect(body.features.length).toBe(8);
    for (const f of body.features) expect(contextText(f, 'postcode')).toMatch(/^80/);
  });

  it('"Lausane" (a typo) finds Lausanne in Vaud', async () => {
    const { body } = await lookup(t, 'Lausane');
    expect(body.features[0]!.place_name).toBe('Lausanne, Vaud, Switzerland');
  });

  it('"geneve" finds Genève and "biel" finds Biel/Bienne', async () => {
    expect((await lookup(t, 'geneve')).body.features[0]!.text).toBe('Genève');
    expect((await lookup(t, 'biel')).body.features[0]!.text).toBe('Biel/Bienne');
  });

  it('keeps a typed street as typed, with the locality’s centre and no postcode of its own', async () => {
    const withComma = await lookup(t, 'Bahnhofstrasse 12, Zürich');
    const first = withComma.body.features[0]!;
    expect(first.place_name).toBe('Bahnhofstrasse 12, Zürich, Switzerland');
    expect(first.street).toBe('Bahnhofstrasse 12');
    expect(first.precision).toBe('locality');
    const city = (await lookup(t, 'Zürich')).body.features[0]!;
    expect(first.geometry.coordinates).toEqual(city.geometry.coordinates);

    const withCode = await lookup(t, 'Bahnhofstrasse 12 8001');
    expect(withCode.body.features[0]!.place_name).toBe('Bahnhofstrasse 12, 8001 Zürich, Switzerland');
    const withCodeAndTown = await lookup(t, 'Rue du Lac 3, 1018 Lausanne');
    expect(withCodeAndTown.body.features[0]!.place_name).toMatch(/^Rue du Lac 3, 1018 Lausanne/);
  });

  it.each([
    ['Kramgasse 10 Bern', 'Kramgasse 10', 'Bern', '3011', '3000'],
    ['Bahnhofstrasse 1 Zürich', 'Bahnhofstrasse 1', 'Zürich', '8001', '8000'],
  ])(
    '"%s" never invents a postcode: the town, its postcodes to choose from, no other towns',
    async (q, street, town, real, wrong) => {
      const { body } = await lookup(t, q);
      expect(body.features).toHaveLength(1);
      const [first] = body.features;
      expect(first!.precision).toBe('locality');
      expect(first!.text).toBe(town);
      expect(first!.street).toBe(street);
      expect(first!.postcodes).toContain(real);
      expect(contextText(first!, 'postcode')).toBeUndefined();
      expect(first!.place_name).toBe(`${street}, ${town}, Switzerland`);
      expect(first!.place_name).not.toContain(wrong);
    },
  );

  it('names the country in the caller’s language', async () => {
    for (const [language, country] of [
      ['de-CH', 'Schweiz'],
      ['fr', 'Suisse'],
      ['it', 'Svizzera'],
      ['en', 'Switzerland'],
    ] as const) {
      const { body } = await lookup(t, '3011', language);
      expect(contextText(body.features[0]!, 'country')).toBe(country);
      expect(body.features[0]!.place_name).toBe(`3011 Bern, Bern, ${country}`);
    }
  });

  it.each([
    ['Lugano', 'Lugano', 'Ticino', 46.004, 8.951],
    ['6900', 'Lugano', 'Ticino', 46.004, 8.951],
    ['Luzern', 'Luzern', 'Luzern', 47.05, 8.309],
    ['St. Gallen', 'St. Gallen', 'St. Gallen', 47.424, 9.376],
    ['Neuchâtel', 'Neuchâtel', 'Neuchâtel', 46.992, 6.931],
    ['neuchatel', 'Neuchâtel', 'Neuchâtel', 46.992, 6.931],
    ['Delémont', 'Delémont', 'Jura', 47.365, 7.343],
    ['Sion', 'Sion', 'Valais', 46.233, 7.36],
  ])('"%s" suggests %s (%s) first, near the town centre', async (q, place, canton, lat, lng) => {
    const { status, body } = await lookup(t, q);
    expect(status).toBe(200);
    const first = body.features[0]!;
    expect(first.text).toBe(place);
    expect(contextText(first, 'region')).toBe(canton);
    const [gotLng, gotLat] = first.geometry.coordinates;
    expect(Math.abs(gotLat - lat)).toBeLessThan(0.05);
    expect(Math.abs(gotLng - lng)).toBeLessThan(0.05);
  });

  it('knows places in every one of the 26 cantons', async () => {
    const cantons = new Set(loadPlaces().map((p) => p.canton));
    expect([...cantons].sort()).toEqual(Object.keys(CANTON_NAMES).sort());
    for (const [q, canton] of [
      ['Schaffhausen', 'Schaffhausen'],
      ['Frauenfeld', 'Thurgau'],
      ['Solothurn', 'Solothurn'],
      ['Altdorf UR', 'Uri'],
      ['Stans', 'Nidwalden'],
      ['Sarnen', 'Obwalden'],
      ['Schwyz', 'Schwyz'],
      ['Yverdon-les-Bains', 'Vaud'],
      ['Zermatt', 'Valais'],
      ['St. Moritz', 'Graubünden'],
    ] as const) {
      const first = (await lookup(t, q)).body.features[0];
      expect(first && contextText(first, 'region'), q).toBe(canton);
    }
  });

  it('answers an empty list below 2 characters and for nonsense, 400 above 200 characters', async () => {
    expect((await lookup(t, 'z')).body.features).toEqual([]);
    expect((await lookup(t, '')).body.features).toEqual([]);
    expect((await lookup(t, 'qqqqxxxx')).body.features).toEqual([]);
    const long = await lookup(t, 'x'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/200/);
  });
});

describe('remote geocoder (GEOCODER_URL)', () => {
  let server: Server;
  let base: string;
  let requests: IncomingMessage[];
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(req);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoding/v5/mapbox.places`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('forwards the query with token, country and limit, and answers the provider’s suggestions', async () => {
    answer = {
      status: 200,
      body: {
        type: 'FeatureCollection',
        features: [
          {
            id: 'address.1',
            place_name: 'Seestrasse 1, 8002 Zürich, Switzerland',
            text: 'Seestrasse',
            center: [8.53, 47.36],
            geometry: { type: 'Point', coordinates: [8.53, 47.36] },
            context: [{ id: 'postcode.1', text: '8002' }],
            relevance: 0.9,
            extra: 'dropped',
          },
        ],
      },
    };
    const t = await build({ GEOCODER_URL: base, GEOCODER_TOKEN: 'secret-token' });
    try {
      const { status, body } = await lookup(t, 'Seestrasse 1');
      expect(status).toBe(200);
      expect(body.features).toEqual([
        expect.objectContaining({ place_name: 'Seestrasse 1, 8002 Zürich, Switzerland', relevance: 0.9 }),
      ]);
      const url = new URL(requests.at(-1)!.url!, 'http://x');
      expect(decodeURIComponent(url.pathname)).toBe('/geocoding/v5/mapbox.places/Seestrasse 1.json');
      expect(url.searchParams.get('access_token')).toBe('secret-token');
      expect(url.searchParams.get('country')).toBe('ch');
      expect(url.searchParams.get('limit')).toBe('8');
    } finally {
      await t.close();
    }
  });

  it('answers 503 with a detail when the provider fails or answers nonsense', async () => {
    const t = await build({ GEOCODER_URL: base });
    try {
      answer = { status: 500, body: { message: 'boom' } };
      const failed = await lookup(t, 'Zürich');
      expect(failed.status).toBe(503);
      expect(failed.body.detail).toMatch(/address lookup/);
      answer = { status: 200, body: { nothing: true } };
      expect((await lookup(t, 'Zürich')).status).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const t = await build({ GEOCODER_URL: 'http://127.0.0.1:9/geocoding' });
    try {
      expect((await lookup(t, 'Bern')).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

describe('federal geoportal search (GEOADMIN_SEARCH_URL)', () => {
  let server: Server;
  let base: string;
  let requests: URL[];
  let answer: { status: number; body: unknown };
  let t: TestApp;

  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(new URL(req.url!, 'http://x'));
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/services/api/SearchServer`;
    t = await build({ GEOADMIN_SEARCH_URL: base });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const result = (origin: string, label: string, lat: number, lon: number) => ({
    id: 1,
    weight: 1,
    attrs: { origin, label, lat, lon, detail: label.toLowerCase() },
  });

  it('answers the building with its real postcode and position, marked address', async () => {
    answer = {
      status: 200,
      body: {
        results: [
          result('address', 'Kramgasse 10 <b>3011 Bern</b>', 46.9478912345, 7.4499876543),
          result('zipcode', '<b>3011 - Bern</b>', 46.948, 7.447),
          result('gg25', '<b>Bern (BE)</b>', 46.9481, 7.4474),
          result('parcel', '<b>Bern 1234</b>', 46.9, 7.4),
        ],
      },
    };
    const { status, body } = await lookup(t, 'Kramgasse 10 Bern', 'de');
    expect(status).toBe(200);
    const [building, postcode, town] = body.features;
    expect(body.features).toHaveLength(3);
    expect(building).toMatchObject({
      place_name: 'Kramgasse 10, 3011 Bern, Schweiz',
      precision: 'address',
      street: 'Kramgasse 10',
      postcodes: ['3011'],
      geometry: { coordinates: [7.449988, 46.947891] },
    });
    expect(contextText(building!, 'postcode')).toBe('3011');
    expect(contextText(building!, 'region')).toBe('Bern');
    expect(postcode).toMatchObject({ place_name: '3011 Bern, Bern, Schweiz', precision: 'locality' });
    expect(town!.precision).toBe('locality');
    expect(town!.postcodes).toEqual(expect.arrayContaining(['3011', '3012']));
    expect(contextText(town!, 'postcode')).toBeUndefined();

    const asked = requests.at(-1)!;
    expect(asked.pathname).toBe('/rest/services/api/SearchServer');
    expect(asked.searchParams.get('searchText')).toBe('Kramgasse 10 Bern');
    expect(asked.searchParams.get('type')).toBe('locations');
    expect(asked.searchParams.get('sr')).toBe('4326');
    expect(asked.searchParams.get('lang')).toBe('de');
  });

  it('falls back to the built-in localities when the service fails or answers nonsense', async () => {
    for (const failing of [
      { status: 500, body: { error: 'boom' } },
      { status: 200, body: { nothing: true } },
    ]) {
      answer = failing;
      const { status, body } = await lookup(t, 'Kramgasse 10 Bern');
      expect(status).toBe(200);
      expect(body.features[0]).toMatchObject({ precision: 'locality', text: 'Bern', street: 'Kramgasse 10' });
    }
  });
});
