import fc from 'fast-check';
import * as lzNamespace from 'lz-string';
import { describe, expect, it } from 'vitest';
import { epicGame } from './fixtures';
import { parseRecordV2 } from './record-v2';
import {
  boundedDecompress,
  decodeShareLink,
  encodeShareLink,
  LINK_MAX_RECORD_CHARS,
  shareUrl,
} from './share';

const lz = ((lzNamespace as unknown as { default?: typeof lzNamespace }).default ??
  lzNamespace) as typeof lzNamespace;
const parsed = parseRecordV2(epicGame());
if (!parsed.ok) throw new Error(parsed.error.message.en);
const record = parsed.value;

describe('share links', () => {
  it('round-trips a record through a URL fragment', () => {
    const url = shareUrl('https://example.org/sandbox/?x=1#old', record);
    expect(url.ok).toBe(true);
    if (!url.ok) return;
    expect(url.value.startsWith('https://example.org/sandbox/?x=1#game=')).toBe(true);
    const back = decodeShareLink(url.value);
    expect(back).toEqual({ ok: true, value: record });
    const frag = encodeShareLink(record);
    expect(frag.ok && decodeShareLink(`#${frag.value}`)).toEqual({ ok: true, value: record });
  });

  it('decompresses exactly as lz-string does, within the budget', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const packed = lz.compressToEncodedURIComponent(text);
        expect(boundedDecompress(packed, 10_000)).toBe(text);
      }),
      { numRuns: 300 },
    );
    // Random link text: when ours yields a text, the library yields the same one.
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9+$-]{1,60}$/), (junk) => {
        const ours = boundedDecompress(junk, 100_000);
        if (typeof ours === 'string' && ours !== 'too-large')
          expect(ours).toBe(lz.decompressFromEncodedURIComponent(junk));
      }),
      { numRuns: 300 },
    );
  });

  it('stops a link that would expand beyond the budget', () => {
    const big = lz.compressToEncodedURIComponent('a'.repeat(LINK_MAX_RECORD_CHARS + 10));
    expect(big.length).toBeLessThan(10_000);
    expect(boundedDecompress(big, LINK_MAX_RECORD_CHARS)).toBe('too-large');
    const r = decodeShareLink(`#game=${big}`);
    expect(r.ok ? null : r.error.code).toBe('ERR_LINK_TOO_LARGE');
  });
});
