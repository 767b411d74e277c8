/** The media storage the configuration asks for (its own file, so the storages import no factory). */
import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { createS3Storage } from './s3-storage.ts';
import { LocalMediaStorage, type MediaStorage } from './storage.ts';

/** An S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorage(config: Config): MediaStorage {
  return config.S3_BUCKET
    ? createS3Storage(config)
    : new LocalMediaStorage(path.join(config.dataDir, 'media'));
}
