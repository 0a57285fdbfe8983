// The decryption keys of the encrypted formats. They are not the service's to publish: the operator supplies
// them as secrets (docs/deployment.md), read here from plain strings so the readers never see the Worker's env.
//   BOARDVIEW_FZ_KEY, BOARDVIEW_CAE_KEY: the 44 32-bit words of the cipher's key schedule, in hex, each word
//     optionally 0x-prefixed, separated by spaces, commas or line breaks (as OpenBoardView's settings write
//     them), or one run of 352 hex digits (word after word, each word's digits most significant first).
//   BOARDVIEW_XZZ_KEY: the 8-byte DES key as 16 hex digits (optionally 0x-prefixed), first byte first.
import type { BoardviewKeys } from "../types";

export type { BoardviewKeys, ReadOptions } from "../types";

/**
 * The cipher costs 20 RC6 rounds per byte (bench/RESULTS.md): past this many bytes an encrypted file is read only
 * as far as its decrypted part goes, with the reason. Real encrypted files are a few MB.
 */
export const ENCRYPTED_BYTES = 20_000_000;

export const KEY_WORDS = 44;

/** 44 words, or undefined when the text is not such a key. */
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

/** 8 bytes, or undefined when the text is not 16 hex digits. */
export function parseDesKey(text: string | undefined): Uint8Array | undefined {
  const hex = (text ?? "").trim().replace(/^0x/i, "");
  if (!/^[0-9a-f]{16}$/i.test(hex)) return undefined;
  return Uint8Array.from(hex.match(/.{2}/g) ?? [], (b) => Number.parseInt(b, 16));
}

export interface KeySecrets {
  BOARDVIEW_FZ_KEY?: string;
  BOARDVIEW_CAE_KEY?: string;
  BOARDVIEW_XZZ_KEY?: string;
}

/** The keys the operator configured (a secret that is not a well-formed key counts as not configured, with a warning). */
export function boardviewKeys(secrets: KeySecrets): BoardviewKeys {
  const keys: BoardviewKeys = {};
  const read = <T>(name: keyof KeySecrets, parse: (t: string) => T | undefined): T | undefined => {
    const text = secrets[name];
    if (!text) return undefined;
    const key = parse(text);
    if (!key) console.warn(`${name} is set but is not a well-formed key (docs/deployment.md); encrypted files stay unread`);
    return key;
  };
  keys.fz = read("BOARDVIEW_FZ_KEY", parseWordKey);
  keys.cae = read("BOARDVIEW_CAE_KEY", parseWordKey);
  keys.xzz = read("BOARDVIEW_XZZ_KEY", parseDesKey);
  return keys;
}

export const NO_KEY_REASON = "The file is encrypted; the operator has not configured the key.";
