import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { datatransSignatureHeader, verifyDatatransSignature } from './webhook-signature.ts';

const key =
  '861bbfc01e089259091927d6ad7f71c8b46b7ee13499574e83c633b74cdc29e3b7e262e41318c8425c520f146986675fdd58a4531a01c99f06da378fdab0414a';
const body = '{"transactionId":"230223022302230","type":"payment","status":"authorized","refno":"order-7"}';
const now = 1_764_259_200_000;

describe('Datatrans webhook signature', () => {
  it('accepts HMAC-SHA256 of timestamp and raw body under the hex-decoded key', () => {
    // Computed independently of the module: the documented recipe, step by step.
    const s0 = createHmac('sha256', Buffer.from(key, 'hex')).update(`${now}${body}`).digest('hex');
    expect(verifyDatatransSignature(`t=${now},s0=${s0}`, body, key, now)).toBe(true);
    expect(datatransSignatureHeader(key, now, body)).toBe(`t=${now},s0=${s0}`);
  });

  it('refuses a changed body, another key, another timestamp or a missing header', () => {
    const header = datatransSignatureHeader(key, now, body);
    expect(verifyDatatransSignature(header, body.replace('authorized', 'settled'), key, now)).toBe(false);
    expect(verifyDatatransSignature(header, body, 'aa'.repeat(64), now)).toBe(false);
    expect(verifyDatatransSignature(header.replace(`t=${now}`, `t=${now + 1}`), body, key, now)).toBe(false);
    expect(verifyDatatransSignature(undefined, body, key, now)).toBe(false);
    expect(verifyDatatransSignature('garbage', body, key, now)).toBe(false);
    expect(verifyDatatransSignature(`t=${now},s0=abc`, body, key, now)).toBe(false);
  });

  it('refuses a signature older than 15 minutes (a replay)', () => {
    const header = datatransSignatureHeader(key, now, body);
    expect(verifyDatatransSignature(header, body, key, now + 14 * 60_000)).toBe(true);
    expect(verifyDatatransSignature(header, body, key, now + 16 * 60_000)).toBe(false);
  });
});
