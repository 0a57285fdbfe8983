// Content-Disposition for a download (RFC 6266): an ASCII `filename` every client can read, and the exact
// name in `filename*` (RFC 8187, UTF-8, percent-encoded) for clients that know it (all current browsers).

export function attachmentDisposition(storedName: string): string {
  // Control characters could split the header; path separators make no sense in a saved file's name.
  const name =
    storedName
      .replace(/[\x00-\x1f\x7f]/g, "")
      .replace(/[/\\]/g, "_")
      .trim() || "download";
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["%]/g, "_"); // a quote would end the string; some clients decode %xx in `filename`
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase());
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
