/**
 * Media in any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Exoscale SOS, …), with
 * requests signed (AWS Signature Version 4) by aws4fetch (decision 133). Objects are
 * addressed path-style (`endpoint/bucket/key`), which every S3-compatible service accepts.
 * Public URLs stay `/media/<key>`: the media route reads through `get`, so the bucket can
 * stay private and cache headers stay ours.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config/env.ts';
import { checkedKey } from './keys.ts';
import type { MediaStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** e.g. https://s3.eu-central-2.amazonaws.com or http://127.0.0.1:9000; AWS's regional endpoint when absent. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly bucketUrl: string;
  private readonly client: AwsClient;

  constructor(options: S3Options) {
    const endpoint = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
    this.bucketUrl = `${endpoint}/${encodeURIComponent(options.bucket)}`;
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      // 5xx and 429 (S3's "slow down") are tried again, with backoff; aws4fetch's default is 10.
      retries: 2,
    });
  }

  private send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    // The payload's hash is signed too, so the bucket refuses a body changed on the way.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    if (method === 'PUT') headers['cache-control'] = 'public, max-age=31536000, immutable';
    // Safe keys hold only [a-z0-9/_.-]: the URL needs no encoding.
    return this.client.fetch(`${this.bucketUrl}/${checkedKey(key)}`, {
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
