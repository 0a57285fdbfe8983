// The Range header of a file request (RFC 9110 §14): one byte range, suffix and open ranges included.

/** Inclusive byte positions. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * undefined: no usable Range (absent, several ranges, or malformed): serve the whole file, as RFC 9110
 * lets a server ignore what it does not support. "unsatisfiable": no byte of the file is in the range (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const m = header?.match(/^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i);
  if (!m || (m[1] === "" && m[2] === "")) return undefined;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return undefined; // "bytes=5-2" is invalid, not unsatisfiable
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
