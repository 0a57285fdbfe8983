// The decryption keys' two spellings (the operator's secrets, docs/deployment.md), read from plain strings so the
// readers never see the Worker's env; each encrypted format's module says which of its keys takes which.
export type { BoardviewKeys, ReadOptions } from "../types";

/**
 * The cipher costs 20 RC6 rounds per byte (bench/RESULTS.md): past this many bytes an encrypted file is read only
 * as far as its decrypted part goes, with the reason. Real encrypted files are a few MB.
 */
export const ENCRYPTED_BYTES = 20_000_000;

export const KEY_WORDS = 44;

/**
 * A cipher's key schedule: 44 32-bit words in hex, each optionally 0x-prefixed, separated by spaces, commas or line
 * breaks (as OpenBoardView's settings write them), or one run of 352 hex digits; undefined when the text is not one.
 */
export function parseWordKey(text: string | undefined): Uint32Array | undefined {
  const tokens = (text ?? "")
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((t) => t.replace(/^0x/i, ""));
  const words = tokens.length === 1 && tokens[0].length === KEY_WORDS * 8 ? (tokens[0].match(/.{8}/g) ?? []) : tokens;
  if (words.length !== KEY_WORDS || !words.every((w) => /^[0-9a-f]{1,8}$/i.test(w))) return undefined;
  return Uint32Array.from(words, (w) => Number.parseInt(w, 16) >>> 0);
}

/** A DES key: 16 hex digits (optionally 0x-prefixed), first byte first; undefined when the text is not one. */
export function parseDesKey(text: string | undefined): Uint8Array | undefined {
  const hex = (text ?? "").trim().replace(/^0x/i, "");
  if (!/^[0-9a-f]{16}$/i.test(hex)) return undefined;
  return Uint8Array.from(hex.match(/.{2}/g) ?? [], (b) => Number.parseInt(b, 16));
}

export const NO_KEY_REASON = "The file is encrypted; the operator has not configured the key.";
