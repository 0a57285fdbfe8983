// Receives a file part chunk by chunk: counts it, hashes it (incremental SHA-256; WebCrypto has no
// streaming digest) and stores it in R2 as it arrives. Each chunk is copied at once into one part
// buffer (so the stream's own chunks are garbage immediately): a file that fits in one part is a
// single put, a larger one an R2 multipart upload whose parts all have PART_SIZE bytes except the
// last (R2 refuses to complete uploads with unequal parts).
import { createHash } from "node:crypto";

/** R2's smallest allowed part (all parts but the last): the least memory held per upload. */
export const PART_SIZE = 5 * 1024 * 1024;
/** The part buffer starts small and doubles, so a small file never costs a whole part. */
const FIRST_BUFFER_BYTES = 64 * 1024;

export class FileTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`file exceeds ${limit} bytes`);
  }
}

export interface StoredFile {
  bytes: number;
  sha256: string;
}

export class FileSink {
  private readonly hash = createHash("sha256");
  private bytes = 0;
  private buffer = new Uint8Array(0);
  private filled = 0;
  private multipart: R2MultipartUpload | undefined;
  private readonly parts: R2UploadedPart[] = [];
  private stored = false;

  /**
   * @param bucket where to store the file, or null to only count and hash it (a replay's file is not kept)
   * @param limit  most bytes accepted; one more throws FileTooLarge before anything beyond it is stored
   */
  constructor(
    private readonly bucket: R2Bucket | null,
    readonly key: string,
    private readonly limit: number,
    private readonly putOptions: R2PutOptions = {},
  ) {}

  get size(): number {
    return this.bytes;
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.limit) throw new FileTooLarge(this.limit);
    this.hash.update(chunk);
    if (!this.bucket) return;
    let offset = 0;
    while (offset < chunk.byteLength) {
      this.reserve(Math.min(PART_SIZE, this.filled + chunk.byteLength - offset));
      const n = Math.min(PART_SIZE - this.filled, chunk.byteLength - offset);
      this.buffer.set(chunk.subarray(offset, offset + n), this.filled);
      this.filled += n;
      offset += n;
      // The part buffer is reused: the upload of the previous part has finished before it is refilled.
      if (this.filled === PART_SIZE) await this.uploadPart();
    }
  }

  /** Stores what is left and returns size and SHA-256 (hex). */
  async finish(): Promise<StoredFile> {
    const sha256 = this.hash.digest("hex");
    if (this.bucket) {
      if (!this.multipart) {
        await this.bucket.put(this.key, this.buffer.subarray(0, this.filled), { ...this.putOptions, sha256 });
      } else {
        if (this.filled > 0) await this.uploadPart();
        await this.multipart.complete(this.parts);
        this.multipart = undefined;
      }
      this.stored = true;
    }
    this.buffer = new Uint8Array(0);
    return { bytes: this.bytes, sha256 };
  }

  /** Removes whatever was stored (an unfinished multipart upload or the finished object). Never throws. */
  async discard(): Promise<void> {
    this.buffer = new Uint8Array(0);
    try {
      if (this.multipart) await this.multipart.abort();
      if (this.stored && this.bucket) await this.bucket.delete(this.key);
    } catch (err) {
      console.error("could not discard upload object", this.key, err);
    }
    this.multipart = undefined;
    this.stored = false;
  }

  /** Grows the part buffer (doubling, at most PART_SIZE) to hold `needed` bytes. */
  private reserve(needed: number): void {
    if (needed <= this.buffer.byteLength) return;
    let size = Math.max(FIRST_BUFFER_BYTES, this.buffer.byteLength);
    while (size < needed) size *= 2;
    const grown = new Uint8Array(Math.min(size, PART_SIZE));
    grown.set(this.buffer.subarray(0, this.filled));
    this.buffer = grown;
  }

  private async uploadPart(): Promise<void> {
    this.multipart ??= await this.bucket!.createMultipartUpload(this.key, this.putOptions);
    this.parts.push(await this.multipart.uploadPart(this.parts.length + 1, this.buffer.subarray(0, this.filled)));
    this.filled = 0;
  }
}
