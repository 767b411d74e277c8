import type { Config } from '../../config/env.ts';
import type { MediaStorage } from './storage.ts';

export function createS3Storage(_config: Config): MediaStorage {
  throw new Error('S3 storage is not available yet');
}
