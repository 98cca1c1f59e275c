/**
 * Share links (docs/replays.md): a version-2 game record compressed with lz-string's
 * `compressToEncodedURIComponent` into a URL fragment `#game=…`. Links are untrusted: `decodeShareLink`
 * checks the characters and the length, decompresses with an output budget (a few kilobytes of crafted
 * link could otherwise expand to gigabytes), then passes the text through `parseRecordV2`.
 */
import * as lzNamespace from 'lz-string';
import { type GameError, gameError, type Result } from '../engine/result';
import { type GameRecordV2, makeRecordText, parseRecordV2 } from './record-v2';

/** lz-string is CommonJS: Node hands it over as `default`, bundlers as named exports. */
const lz = ((lzNamespace as unknown as { default?: typeof lzNamespace }).default ??
  lzNamespace) as typeof lzNamespace;

export const LINK_KEY = 'game';
/** The longest compressed payload a link may carry, in characters. */
export const LINK_MAX_CHARS = 200_000;
/** The longest record text a link may expand to, in characters. */
export const LINK_MAX_RECORD_CHARS = 2_000_000;

const URI_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const URI_SAFE_VALUE = new Map([...URI_SAFE].map((c, i) => [c, i] as const));

const linkError = (
  code: string,
  en: string,
  fr: string,
  field?: string,
): { ok: false; error: GameError } => ({
  ok: false,
  error: gameError(code, `Share link: ${en}`, `Lien de partage : ${fr}`, field),
});

/** The fragment (without `#`) that carries a record: `game=<lz-string payload>`. */
export function encodeShareLink(record: GameRecordV2): Result<string> {
  const payload = lz.compressToEncodedURIComponent(makeRecordText(record));
  if (payload.length > LINK_MAX_CHARS)
    return linkError(
      'ERR_LINK_TOO_LONG',
      `this game is too long for a link (${payload.length} characters, at most ${LINK_MAX_CHARS}): export it as a file.`,
      `cette partie est trop longue pour un lien (${payload.length} caractères, au plus ${LINK_MAX_CHARS}) : exportez-la en fichier.`,
    );
  return { ok: true, value: `${LINK_KEY}=${payload}` };
}

/** A full URL: `base` (any URL, its own fragment dropped) with the record's fragment. */
export function shareUrl(base: string, record: GameRecordV2): Result<string> {
  const fragment = encodeShareLink(record);
  if (!fragment.ok) return fragment;
  const hash = base.indexOf('#');
  return { ok: true, value: `${hash < 0 ? base : base.slice(0, hash)}#${fragment.value}` };
}

/**
 * lz-string's `decompressFromEncodedURIComponent`, the same algorithm, with two guards: characters outside
 * its alphabet are refused (the library reads them as zeros) and the output stops at `budget` characters.
 * Returns the text, `null` for a corrupt stream, or `'too-large'`.
 */
export function boundedDecompress(input: string, budget: number): string | null | 'too-large' {
  if (input === '') return null;
  const text = input.replace(/ /g, '+');
  const values: number[] = [];
  for (const ch of text) {
    const v = URI_SAFE_VALUE.get(ch);
    if (v === undefined) return null;
    values.push(v);
  }
  const length = values.length;
  const reset = 32;
  let val = values[0]!;
  let position = reset;
  let index = 1;
  const read = (n: number): number => {
    let bits = 0;
    for (let power = 1; power !== 1 << n; power <<= 1) {
      const bit = val & position;
      position >>= 1;
      if (position === 0) {
        position = reset;
        val = values[index++] ?? 0;
      }
      if (bit > 0) bits |= power;
    }
    return bits;
  };
  const dictionary: string[] = [];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  const first = read(2);
  if (first === 2) return '';
  if (first !== 0 && first !== 1) return null;
  let w = String.fromCharCode(read(first === 0 ? 8 : 16));
  dictionary[3] = w;
  const out: string[] = [w];
  let size = 1;
  for (;;) {
    if (index > length) return '';
    let c = read(numBits);
    if (c === 2) return out.join('');
    if (c === 0 || c === 1) {
      dictionary[dictSize++] = String.fromCharCode(read(c === 0 ? 8 : 16));
      c = dictSize - 1;
      enlargeIn--;
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    if (c >= 3 && dictionary[c] !== undefined) entry = dictionary[c]!;
    else if (c === dictSize) entry = w + w.charAt(0);
    else return null;
    size += entry.length;
    if (size > budget) return 'too-large';
    out.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}

/**
 * Reads a share link: a whole URL, a fragment (`#game=…` or `game=…`). Codes: `ERR_LINK_EMPTY`,
 * `ERR_LINK_NOT_GAME` (no `game=` part), `ERR_LINK_TOO_LONG`, `ERR_LINK_CHARS`, `ERR_LINK_CORRUPT`,
 * `ERR_LINK_TOO_LARGE`, and `ERR_LINK_RECORD` when the record inside is refused (its field and its own code
 * in the message).
 */
export function decodeShareLink(link: string): Result<GameRecordV2> {
  const trimmed = typeof link === 'string' ? link.trim() : '';
  if (!trimmed) return linkError('ERR_LINK_EMPTY', 'the link is empty.', 'le lien est vide.');
  const hash = trimmed.indexOf('#');
  const fragment = hash < 0 ? trimmed : trimmed.slice(hash + 1);
  const param = fragment.split('&').find((p) => p.startsWith(`${LINK_KEY}=`));
  if (param === undefined)
    return linkError(
      'ERR_LINK_NOT_GAME',
      `it holds no game (no "${LINK_KEY}=" part).`,
      `il ne contient pas de partie (pas de partie « ${LINK_KEY}= »).`,
    );
  const payload = param.slice(LINK_KEY.length + 1);
  if (payload.length > LINK_MAX_CHARS)
    return linkError(
      'ERR_LINK_TOO_LONG',
      `it is too long (${payload.length} characters, at most ${LINK_MAX_CHARS}).`,
      `il est trop long (${payload.length} caractères, au plus ${LINK_MAX_CHARS}).`,
    );
  if (!/^[A-Za-z0-9+\-$ ]*$/.test(payload))
    return linkError(
      'ERR_LINK_CHARS',
      'it contains characters a game link never has (was it cut or edited?).',
      "il contient des caractères qu'un lien de partie n'a jamais (a-t-il été coupé ou modifié ?).",
    );
  const text = boundedDecompress(payload, LINK_MAX_RECORD_CHARS);
  if (text === 'too-large')
    return linkError(
      'ERR_LINK_TOO_LARGE',
      `the game inside is too large (more than ${LINK_MAX_RECORD_CHARS} characters).`,
      `la partie qu'il contient est trop grosse (plus de ${LINK_MAX_RECORD_CHARS} caractères).`,
    );
  if (!text)
    return linkError(
      'ERR_LINK_CORRUPT',
      'it cannot be decompressed (was it cut or edited?).',
      'il ne peut pas être décompressé (a-t-il été coupé ou modifié ?).',
    );
  const record = parseRecordV2(text);
  if (!record.ok)
    return linkError(
      'ERR_LINK_RECORD',
      `the game inside is refused (${record.error.code}): ${record.error.message.en}`,
      `la partie qu'il contient est refusée (${record.error.code}) : ${record.error.message.fr}`,
      record.error.field,
    );
  return record;
}
