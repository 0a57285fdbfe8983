// The upload CLI's progress line (scripts/lib/upload-progress.ts): small files show real sizes.
import { describe, expect, it } from "vitest";
import { formatBinaryBytes, progressLine } from "../../scripts/lib/upload-progress";

describe("upload progress", () => {
  it("shows a small file in bytes or KiB, never 0.0 MiB", () => {
    expect(progressLine(512, 1024 + 512, 1)).toBe(" 33%  0.5/1.5 KiB  512 B/s");
    expect(progressLine(300, 300, 0.5)).toBe("100%  300/300 B  600 B/s");
  });

  it("keeps MiB for large files", () => {
    expect(progressLine(50 * 1024 ** 2, 100 * 1024 ** 2, 2)).toBe(" 50%  50.0/100.0 MiB  25.0 MiB/s");
  });

  it("names the unit that keeps a digit before the point", () => {
    expect(formatBinaryBytes(0)).toBe("0 B");
    expect(formatBinaryBytes(1023)).toBe("1023 B");
    expect(formatBinaryBytes(1024)).toBe("1.0 KiB");
    expect(formatBinaryBytes(3 * 1024 ** 3)).toBe("3.0 GiB");
  });
});
