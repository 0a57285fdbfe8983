// A batch as JSON for the trip from the import CLI to the local import Worker: file bytes as base64.
import type { Batch } from "../../cli/import/batch";

export type WireBatch = Omit<Batch, "objects"> & { objects: { key: string; base64: string; contentType: string; filename: string }[] };

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function encodeBatch(batch: Batch): WireBatch {
  return { ...batch, objects: batch.objects.map(({ bytes, ...o }) => ({ ...o, base64: toBase64(bytes) })) };
}

export function decodeBatch(wire: WireBatch): Batch {
  return { ...wire, objects: wire.objects.map(({ base64, ...o }) => ({ ...o, bytes: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)) })) };
}
