import { AwsV4Signer } from 'aws4fetch';
import { describe, expect, it } from 'vitest';

// The examples of the AWS documentation "Signature Calculations for the Authorization Header",
// signed by the library our S3 storage uses.
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
  datetime: '20130524T000000Z',
  // The documented examples also sign `range`, which aws4fetch leaves out unless asked.
  allHeaders: true,
};

describe('SigV4 (aws4fetch)', () => {
  it('signs the documented GET Object example', async () => {
    const signed = await new AwsV4Signer({
      ...credentials,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: {
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
    }).sign();
    expect(signed.headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers.get('x-amz-date')).toBe('20130524T000000Z');
  });

  it('signs the documented PUT Object example', async () => {
    const signed = await new AwsV4Signer({
      ...credentials,
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test%24file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      },
    }).sign();
    expect(signed.headers.get('authorization')).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});
