// File extension → Content-Type for stored files. Unknown extensions are served as octet-stream.
const MEDIA_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  zip: "application/zip",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  bin: "application/octet-stream",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
};

/** Lower-case extension without the dot, or null when the name has none. */
export function extensionOf(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

export function mediaTypeFor(extension: string | null): string {
  return (extension && MEDIA_TYPES[extension]) || "application/octet-stream";
}
