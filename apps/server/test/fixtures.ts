/** Small builders for integration tests; every builder takes overrides. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    status: 'CUSTOMER' | 'STORE_OWNER' | null;
  }> = {},
): Promise<TestUser> {
  const username =
    overrides.username ?? uniqueName(overrides.status === 'STORE_OWNER' ? 'seller' : 'customer');
  const email = overrides.email ?? `${username}@example.ch`;
  const password = overrides.password ?? 'correct horse battery';
  const status = overrides.status === undefined ? 'CUSTOMER' : overrides.status;
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/registration/',
    payload: { username, email, password, ...(status ? { status } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: number; access: string };
  return {
    id: body.id,
    username,
    email,
    password,
    token: body.access,
    auth: { authorization: `Bearer ${body.access}` },
  };
}

export const registerCustomer = (app: FastifyInstance) => registerUser(app, { status: 'CUSTOMER' });
export const registerSeller = (app: FastifyInstance) => registerUser(app, { status: 'STORE_OWNER' });

/** A multipart body for app.inject (fields, repeated fields as arrays, and an optional file). */
export function multipart(
  fields: Record<string, string | number | (string | number)[]>,
  file?: { field?: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----mg${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
    }
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
