// A pre-check of a PDF before pdf.js reads its text: pdf.js cannot be interrupted inside one page (it
// parses a page's whole content stream before it hands over any text), so a page whose content inflates
// to hundreds of megabytes would hold the consumer for minutes. Every deflated stream that is not an
// image is inflated here up to a cap (zlib stops there, so memory stays bounded); one past the cap
// means the text is not read at all. Images are skipped: pdf.js does not decode them for text.
import { Buffer } from "node:buffer";
import { constants, inflateSync } from "node:zlib";

/** Larger than the content of any real page we have seen (dense schematics are a few megabytes). */
export const MAX_INFLATED_STREAM_BYTES = 8 * 1024 * 1024;

/** How far back from the `stream` keyword the stream's dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

/** True when some non-image deflated stream inflates to more than `maxInflated` bytes. */
export function hasOversizedStream(bytes: Uint8Array, maxInflated = MAX_INFLATED_STREAM_BYTES): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while ((at = buf.indexOf("stream", at, "latin1")) !== -1) {
    let dataStart = at + 6;
    if (buf[dataStart] === 0x0d) dataStart++;
    if (buf[dataStart] !== 0x0a) {
      at = dataStart; // not the keyword that opens a stream (e.g. the tail of "endstream")
      continue;
    }
    dataStart++;
    const end = buf.indexOf("endstream", dataStart, "latin1");
    if (end === -1) return false;
    const dictionary = buf.toString("latin1", Math.max(0, at - DICTIONARY_WINDOW, buf.lastIndexOf("obj", at, "latin1")), at);
    if (dictionary.includes("/FlateDecode") && !/\/Subtype\s*\/Image\b/.test(dictionary)) {
      try {
        inflateSync(buf.subarray(dataStart, end), { maxOutputLength: maxInflated, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return true;
        // A broken stream is pdf.js's problem (it reads what it can), not a bomb.
      }
    }
    at = end + 9;
  }
  return false;
}
