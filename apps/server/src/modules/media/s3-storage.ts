/**
 * Media in any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Exoscale SOS, …), with
 * requests signed by AWS Signature Version 4 using node:crypto and fetch: no SDK. Objects
 * are addressed path-style (`endpoint/bucket/key`), which every S3-compatible service
 * accepts. Public URLs stay `/media/<key>`: the media route reads through `get`, so the
 * bucket can stay private and cache headers stay ours.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { MediaStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** e.g. https://s3.eu-central-2.amazonaws.com or http://127.0.0.1:9000; AWS's regional endpoint when absent. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  fetch?: typeof fetch;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}

/** The headers to send (with Authorization) for a request signed with SigV4. */
export function signV4(input: SignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const dateStamp = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v.trim();
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.url.pathname || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${dateStamp}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, dateStamp), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...send } = headers;
  return {
    ...send,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly endpoint: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3Options) {
    this.endpoint = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
  }

  private objectUrl(key: string): URL {
    const path = key.split('/').map(uriEncode).join('/');
    return new URL(`${this.endpoint}/${uriEncode(this.options.bucket)}/${path}`);
  }

  private async send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = this.objectUrl(key);
    const extra: Record<string, string> = {};
    if (contentType) extra['content-type'] = contentType;
    if (method === 'PUT') extra['cache-control'] = 'public, max-age=31536000, immutable';
    const headers = signV4({
      method,
      url,
      headers: extra,
      payloadHash: sha256Hex(body ?? ''),
      region: this.options.region,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      date: new Date(),
    });
    return this.fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, body, contentType);
    if (!res.ok)
      throw new Error(`S3 PUT ${key} failed with ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404 || res.status === 403) {
      // S3 answers 403 for a missing key when the credentials may not list the bucket.
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key} failed with ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404)
      throw new Error(`S3 DELETE ${key} failed with ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  url(key: string): string {
    return `/media/${key}`;
  }
}

export function createS3Storage(config: Config): MediaStorage {
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => !config[k],
  );
  if (missing.length) throw new Error(`S3 storage needs ${missing.join(', ')} to be set.`);
  return new S3MediaStorage({
    bucket: config.S3_BUCKET!,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
  });
}
