/** Expected failures are returned, never thrown (STYLE.md: the Result gate). */

/** A text shown to a player, in both languages the app speaks. */
export interface Message {
  fr: string;
  en: string;
}

/** A coded error: `code` is stable (tests and the app switch on it), `message` is for people. */
export interface GameError {
  code: string;
  message: Message;
  /** The field of an untrusted file that is wrong, as a dotted path (`units.3.x`). */
  field?: string;
}

export type Result<T, E = GameError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (
  code: string,
  en: string,
  fr: string,
  field?: string,
): { ok: false; error: GameError } => ({
  ok: false,
  error: field === undefined ? { code, message: { en, fr } } : { code, message: { en, fr }, field },
});
export const gameError = (code: string, en: string, fr: string, field?: string): GameError =>
  field === undefined ? { code, message: { en, fr } } : { code, message: { en, fr }, field };
export const msg = (en: string, fr: string): Message => ({ en, fr });
