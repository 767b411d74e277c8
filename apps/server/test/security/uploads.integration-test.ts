/**
 * ASVS V5, API4/API8: uploads through every route that takes an image. Content decides, not
 * the name or declared type; refused uploads write nothing; accepted ones are re-encoded WebP
 * under a server-generated key.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, registerUser, uniqueName, type TestUser } from '../fixtures.ts';
import { build, type TestApp } from '../build.ts';
import { buildWorld, dbFingerprint, mediaFiles, type World } from '../security-fixtures.ts';

let w: World;
let seller: TestUser;
beforeAll(async () => {
  w = await buildWorld();
  seller = await registerUser(w.app, { status: 'STORE_OWNER' });
});
afterAll(async () => {
  await w?.t.close();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A tiny PNG whose header declares width × height (a pixel bomb: ~100 bytes, 900 MP). */
function pixelBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A GIF whose logical screen is 65535 × 65535. */
function hugeGif(): Buffer {
  const header = Buffer.from('GIF89a', 'latin1');
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]);
  const image = Buffer.from([
    0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
  ]);
  return Buffer.concat([header, screen, image]);
}

const JS = '<script>alert(document.cookie)</script>';
const bad: {
  name: string;
  filename: string;
  contentType: string;
  data: () => Promise<Buffer>;
  status: number[];
}[] = [
  {
    name: 'a text file renamed .jpg',
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    data: async () => Buffer.from('just some text, not a picture at all\n'.repeat(20)),
    status: [415],
  },
  {
    name: 'an SVG with a script',
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    data: async () =>
      Buffer.from(
        `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${JS}<rect width="10" height="10"/></svg>`,
      ),
    status: [415],
  },
  {
    name: 'an HTML file',
    filename: 'page.jpg',
    contentType: 'image/jpeg',
    data: async () => Buffer.from(`<!doctype html><html><body>${JS}</body></html>`),
    status: [415],
  },
  {
    name: 'a GIF/JS polyglot that is no real GIF',
    filename: 'poly.gif',
    contentType: 'image/gif',
    data: async () => Buffer.from(`GIF89a=0;/*${'\x00'.repeat(20)}*/alert(document.domain);//`, 'latin1'),
    status: [415],
  },
  {
    name: 'a 6 MB image',
    filename: 'big.png',
    contentType: 'image/png',
    data: async () =>
      Buffer.concat([
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        Buffer.alloc(6 * 1024 * 1024, 7),
      ]),
    status: [413],
  },
  {
    name: 'a PNG pixel bomb (30000 × 30000)',
    filename: 'bomb.png',
    contentType: 'image/png',
    data: async () => pixelBombPng(30000, 30000),
    status: [413],
  },
  {
    name: 'a GIF pixel bomb (65535 × 65535)',
    filename: 'bomb.gif',
    contentType: 'image/gif',
    data: async () => hugeGif(),
    status: [413],
  },
];

type Target = {
  name: string;
  send: (file: Parameters<typeof multipart>[1]) => Promise<LightMyRequestResponse>;
};
const targets = (): Target[] => [
  {
    name: 'PATCH /api/profiles/:id/',
    send: (file) => {
      const body = multipart({ description: 'Mit Bild' }, file);
      return w.inject('customerA', {
        method: 'PATCH',
        url: `/api/profiles/${w.users.customerA.id}/`,
        ...body,
      });
    },
  },
  {
    name: 'POST /api/products/new/',
    send: (file) => {
      const body = multipart(
        {
          brand: 'Marke',
          name: uniqueName('Bildprodukt '),
          price: '3.00',
          category: w.ref.category,
          subcategory: w.ref.subcategory,
        },
        file,
      );
      return w.app.inject({
        method: 'POST',
        url: '/api/products/new/',
        ...body,
        headers: { ...body.headers, ...seller.auth },
      });
    },
  },
  {
    name: 'POST /api/stores/new/',
    send: (file) => {
      const body = multipart({ name: uniqueName('Bildladen '), latitude: '46.9', longitude: '7.4' }, file);
      return w.app.inject({
        method: 'POST',
        url: '/api/stores/new/',
        ...body,
        headers: { ...body.headers, ...seller.auth },
      });
    },
  },
];

describe('uploads', () => {
  for (const target of ['PATCH /api/profiles/:id/', 'POST /api/products/new/', 'POST /api/stores/new/']) {
    for (const file of bad) {
      it(`${target}: refuses ${file.name} with ${file.status.join(' or ')} and writes nothing`, async () => {
        const send = targets().find((x) => x.name === target)!.send;
        const filesBefore = await mediaFiles(w.t);
        const dbBefore = await dbFingerprint(w.t);
        const res = await send({
          filename: file.filename,
          contentType: file.contentType,
          data: await file.data(),
        });
        expect(file.status).toContain(res.statusCode);
        expect(typeof res.json().detail).toBe('string');
        expect(await mediaFiles(w.t)).toEqual(filesBefore);
        expect(await dbFingerprint(w.t)).toEqual(dbBefore);
      });
    }
  }

  it('re-encodes a real GIF carrying JavaScript to a clean WebP: the stored bytes are never the original', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from(`/*${JS}*/alert(1)//`)]);
    const before = new Set(await mediaFiles(w.t));
    const res = await targets()[0]!.send({ filename: 'poly.gif', contentType: 'image/gif', data: polyglot });
    if (res.statusCode === 415) return expect(await mediaFiles(w.t)).toEqual([...before].sort());
    expect(res.statusCode).toBe(200);
    const added = (await mediaFiles(w.t)).filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThan(0);
    for (const f of added) {
      const bytes = await readFile(path.join(w.t.config.dataDir, 'media', f));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes(Buffer.from('alert'))).toBe(false);
      expect(bytes.equals(polyglot)).toBe(false);
    }
  });

  it('ignores "../" in a file name: the stored key is generated by the server, inside the media folder', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    for (const target of targets()) {
      const before = new Set(await mediaFiles(w.t));
      const res = await target.send({
        // An underscore never occurs in a generated key ([a-z0-9-]): a random key cannot spell the name.
        filename: '../../../../evil_upload.png',
        contentType: 'image/png',
        data: png,
      });
      expect(res.statusCode, target.name).toBeLessThan(300);
      const image = res.json().image as string;
      expect(image, target.name).toMatch(/^\/media\/[a-z]+\/[a-z0-9-]+\.webp$/);
      expect(image).not.toContain('evil_upload');
      const added = (await mediaFiles(w.t)).filter((f) => !before.has(f));
      expect(added.length, target.name).toBe(2);
      for (const f of added) expect(f).not.toMatch(/\.\.|evil_upload/);
      const served = await w.app.inject({ url: image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never serves a media key that walks out of the media folder', async () => {
    for (const url of [
      '/media/../jwt-secret',
      '/media/%2e%2e/jwt-secret',
      '/media/..%2fjwt-secret',
      '/media/profiles/../../jwt-secret',
    ]) {
      const res = await w.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain(w.t.config.JWT_SECRET);
    }
  });

  it("refuses a customer's product upload with 403 before reading it: nothing written", async () => {
    const before = await mediaFiles(w.t);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const body = multipart(
      { brand: 'X', name: 'Y', price: '1.00', category: w.ref.category, subcategory: w.ref.subcategory },
      { filename: 'a.png', contentType: 'image/png', data: png },
    );
    const res = await w.inject('customerA', { method: 'POST', url: '/api/products/new/', ...body });
    expect(res.statusCode).toBe(403);
    expect(await mediaFiles(w.t)).toEqual(before);
  });
});

describe('issue 14 row 15: upload cost, rate and leftovers', () => {
  // Three uploads per user and hour, so that the limit shows with small numbers.
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RATE_LIMIT_UPLOADS_PER_USER: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const picture = (colour: string, width = 40, height = 40) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const upload = async (user: TestUser, data: Buffer) => {
    const body = multipart({ description: 'Bild' }, { filename: 'me.png', contentType: 'image/png', data });
    return t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${user.id}/`,
      ...body,
      headers: { ...body.headers, ...user.auth },
    });
  };

  it('limits uploads per user: of 6 parallel uploads 3 are stored, the rest get 429 with Retry-After; others go on', async () => {
    const user = await registerUser(t.app, { status: 'CUSTOMER' });
    const data = await picture('#2a7');
    const burst = await Promise.all(Array.from({ length: 6 }, () => upload(user, data)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().detail).toBe(
      'You have uploaded too many images in the last hour. Please wait before uploading another.',
    );
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const other = await registerUser(t.app, { status: 'CUSTOMER' });
    expect((await upload(other, data)).statusCode).toBe(200);
  });

  it('refuses a 25-megapixel PNG from its header (413), before decoding it; accepts 12 megapixels (4000 × 3000)', async () => {
    const user = await registerUser(t.app, { status: 'CUSTOMER' });
    const huge = await picture('#345', 5000, 5000);
    const before = process.resourceUsage();
    const res = await upload(user, huge);
    const after = process.resourceUsage();
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(
      'The image has too many pixels: PNG, GIF and AVIF pictures may have at most 16 megapixels (JPEG and WebP 25).',
    );
    // Decoding 25 MP costs hundreds of milliseconds; reading a header, a few.
    const cpuMs =
      (after.userCPUTime - before.userCPUTime + after.systemCPUTime - before.systemCPUTime) / 1000;
    expect(cpuMs).toBeLessThan(100);
    expect((await upload(user, await picture('#345', 4000, 3000))).statusCode).toBe(200);
  });

  it('answers a 144-megapixel PNG flood (a tiny file) with 413 naming the limit (issue 31)', async () => {
    const user = await registerUser(t.app, { status: 'CUSTOMER' });
    const res = await upload(user, pixelBombPng(12_000, 12_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The image has too many pixels: at most 25 megapixels.');
  });

  it('deletes a replaced profile image (both sizes) and the image of a deleted account from storage', async () => {
    const user = await registerUser(t.app, { status: 'CUSTOMER' });
    const before = await mediaFiles(t);
    const first = await upload(user, await picture('#a11'));
    expect(first.statusCode).toBe(200);
    const firstFiles = (await mediaFiles(t)).filter((f) => !before.includes(f));
    expect(firstFiles).toHaveLength(2);
    const second = await upload(user, await picture('#11a'));
    expect(second.statusCode).toBe(200);
    const secondFiles = (await mediaFiles(t)).filter((f) => !before.includes(f));
    expect(secondFiles).toHaveLength(2);
    expect(secondFiles.some((f) => firstFiles.includes(f))).toBe(false);
    expect((await t.app.inject({ url: first.json().image })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.json().image })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}/`, headers: user.auth });
    expect(gone.statusCode).toBe(204);
    expect(await mediaFiles(t)).toEqual(before);
  });
});
