// Receives a file part chunk by chunk: counts it, hashes it (incremental SHA-256; WebCrypto has no
// streaming digest) and stores it in R2 as it arrives. Up to one part is buffered: a file that fits
// in one part is a single put, a larger one an R2 multipart upload whose parts all have PART_SIZE
// bytes except the last (R2 refuses to complete uploads with unequal parts).
import { createHash } from "node:crypto";

/** R2 needs ≥ 5 MiB for every part but the last; 8 MiB keeps part count low and memory bounded. */
export const PART_SIZE = 8 * 1024 * 1024;

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
  private chunks: Uint8Array[] = [];
  private pending = 0;
  private partBuffer: Uint8Array | undefined;
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
    this.chunks.push(chunk);
    this.pending += chunk.byteLength;
    while (this.pending >= PART_SIZE) await this.uploadPart(PART_SIZE);
  }

  /** Stores what is left and returns size and SHA-256 (hex). */
  async finish(): Promise<StoredFile> {
    const sha256 = this.hash.digest("hex");
    if (this.bucket) {
      if (!this.multipart) {
        await this.bucket.put(this.key, this.take(this.pending, new Uint8Array(this.pending)), { ...this.putOptions, sha256 });
      } else {
        if (this.pending > 0) await this.uploadPart(this.pending);
        await this.multipart.complete(this.parts);
        this.multipart = undefined;
      }
      this.stored = true;
    }
    this.chunks = [];
    return { bytes: this.bytes, sha256 };
  }

  /** Removes whatever was stored (an unfinished multipart upload or the finished object). Never throws. */
  async discard(): Promise<void> {
    this.chunks = [];
    try {
      if (this.multipart) await this.multipart.abort();
      if (this.stored && this.bucket) await this.bucket.delete(this.key);
    } catch (err) {
      console.error("could not discard upload object", this.key, err);
    }
    this.multipart = undefined;
    this.stored = false;
  }

  private async uploadPart(length: number): Promise<void> {
    this.multipart ??= await this.bucket!.createMultipartUpload(this.key, this.putOptions);
    // One buffer reused for every part: the previous uploadPart has completed before it is refilled.
    this.partBuffer ??= new Uint8Array(PART_SIZE);
    const body = this.take(length, this.partBuffer);
    this.parts.push(await this.multipart.uploadPart(this.parts.length + 1, body));
  }

  /** Moves `length` pending bytes into `target` (from the front) and returns the filled view. */
  private take(length: number, target: Uint8Array): Uint8Array {
    let filled = 0;
    while (filled < length) {
      const chunk = this.chunks[0];
      const n = Math.min(chunk.byteLength, length - filled);
      target.set(chunk.subarray(0, n), filled);
      filled += n;
      if (n === chunk.byteLength) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(n);
    }
    this.pending -= length;
    return target.subarray(0, length);
  }
}
