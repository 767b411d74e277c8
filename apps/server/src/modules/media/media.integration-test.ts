import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { categoryRef, pngImage, type CategoryRef } from '../../../test/catalogue-builders.ts';
import { AwsV4Signer } from 'aws4fetch';
import { S3MediaStorage } from './s3-storage.ts';

const KEY_ID = 'MGTESTKEY';
const SECRET = 'mg-test-secret-0123456789';

/** A tiny S3: objects in memory; refuses any request whose SigV4 signature does not verify. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  /** Recomputes the request's signature from what arrived, with the bucket's copy of the secret. */
  const verify = async (req: IncomingMessage, body: Buffer): Promise<boolean> => {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match || match[1] !== KEY_ID) return false;
    const payloadHash = createHash('sha256').update(body).digest('hex');
    if (req.headers['x-amz-content-sha256'] !== payloadHash) return false;
    const signed: Record<string, string> = {};
    for (const name of match[4]!.split(';')) if (name !== 'host') signed[name] = String(req.headers[name]);
    const expected = await new AwsV4Signer({
      method: req.method!,
      url: `http://${req.headers.host}${req.url}`,
      headers: signed,
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: match[3]!,
      service: 's3',
      datetime: String(req.headers['x-amz-date']),
      allHeaders: true,
    }).sign();
    return (
      match[2] === String(req.headers['x-amz-date']).slice(0, 8) &&
      expected.headers.get('authorization') === auth
    );
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (!(await verify(req, body))) {
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      if (req.method === 'PUT') {
        objects.set(path, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const obj = objects.get(path);
        if (!obj) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': obj.type }).end(obj.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, refused };
}

let s3: ReturnType<typeof fakeS3>;
let endpoint: string;
let t: TestApp;
let seller: TestUser;
let ref: CategoryRef;

beforeAll(async () => {
  s3 = fakeS3();
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  t = await build({
    S3_BUCKET: 'marktgasse-media',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'eu-central-2',
    S3_ACCESS_KEY_ID: KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET,
  });
  seller = await registerSeller(t.app);
  ref = await categoryRef(t.database, 0, 0);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => s3?.server.close(resolve));
});

describe('S3-compatible storage', () => {
  it('stores an uploaded product image in the bucket (large and thumbnail) and serves it under /media', async () => {
    const form = multipart(
      {
        brand: 'Alpensound',
        name: 'Kopfhörer',
        price: '279',
        category: ref.category,
        subcategory: ref.subcategory,
      },
      { filename: 'k.png', contentType: 'image/png', data: await pngImage(800, 600) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const { image, thumbnail } = res.json();
    const key = image.replace(/^\/media\//, '');
    expect(s3.objects.get(`/marktgasse-media/${key}`)?.type).toBe('image/webp');
    expect(s3.objects.has(`/marktgasse-media/${key.replace(/\.webp$/, '.thumb.webp')}`)).toBe(true);
    expect(s3.refused).toEqual([]);
    const served = await t.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(s3.objects.get(`/marktgasse-media/${key}`)!.body)).toBe(true);
    expect((await t.app.inject({ url: thumbnail })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/media/products/not-there.webp' })).statusCode).toBe(404);
  });

  it('stores nothing for a file that is not an image (415)', async () => {
    const before = s3.objects.size;
    const form = multipart(
      { brand: 'B', name: 'N', price: '5', category: ref.category, subcategory: ref.subcategory },
      { filename: 'x.png', contentType: 'image/png', data: Buffer.from('<svg onload="alert(1)"></svg>') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(s3.objects.size).toBe(before);
  });

  it('puts, gets and deletes objects; wrong credentials are refused by the bucket', async () => {
    const storage = new S3MediaStorage({
      bucket: 'marktgasse-media',
      endpoint,
      region: 'eu-central-2',
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
    });
    await storage.put('stores/mg-1_a.webp', Buffer.from('RIFF0000WEBP'), 'image/webp');
    expect(s3.objects.get('/marktgasse-media/stores/mg-1_a.webp')).toEqual({
      body: Buffer.from('RIFF0000WEBP'),
      type: 'image/webp',
    });
    expect((await storage.get('stores/mg-1_a.webp'))?.toString()).toBe('RIFF0000WEBP');
    await storage.delete('stores/mg-1_a.webp');
    expect(s3.objects.has('/marktgasse-media/stores/mg-1_a.webp')).toBe(false);
    expect(await storage.get('stores/mg-1_a.webp')).toBeNull();
    expect(s3.refused).toEqual([]);
    // A key the server never generates leaves nothing to send (a path outside the bucket).
    await expect(storage.get('../other-bucket/x.webp')).rejects.toThrow(/unsafe media key/);
    const wrong = new S3MediaStorage({
      bucket: 'marktgasse-media',
      endpoint,
      region: 'eu-central-2',
      accessKeyId: KEY_ID,
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrong.put('stores/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
    expect(s3.refused.length).toBe(1);
  });
});
