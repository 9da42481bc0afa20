import { bearerToken, tokensMatch } from 'plankeeper/http';
import { describe, expect, it } from 'vitest';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER\tabc  ', 'abc'],
    ['Bearer   s3cr+t/=', 's3cr+t/='],
  ])('%j carries %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([
    [undefined],
    [''],
    ['Bearer'],
    ['Bearer '],
    ['Basic abc'],
    ['Bearer two words'],
    ['Bearerabc'],
    ['Token abc'],
  ])('%j carries none', (header) => {
    expect(bearerToken(header)).toBeUndefined();
  });
});

describe('tokensMatch', () => {
  it('is true for the same token only', async () => {
    expect(await tokensMatch('s3cret', 's3cret')).toBe(true);
    expect(await tokensMatch('s3cret', 's3cre')).toBe(false);
    expect(await tokensMatch('s3cret', 's3cret-and-more')).toBe(false);
    expect(await tokensMatch('s3cret', 'S3CRET')).toBe(false);
    expect(await tokensMatch('s3cret', '')).toBe(false);
    expect(await tokensMatch('s3cret', undefined)).toBe(false);
  });
});
