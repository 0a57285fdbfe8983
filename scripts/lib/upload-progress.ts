// The upload CLI's progress line. Binary units chosen per size, so a 3 KiB file reads "1.5/3.0 KiB", not "0.0/0.0 MiB".
const UNITS = ["B", "KiB", "MiB", "GiB"] as const;

/** The unit that shows `bytes` with at least one digit before the point. */
function unitFor(bytes: number): number {
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= 1024 ** (unit + 1)) unit++;
  return unit;
}

function inUnit(bytes: number, unit: number): string {
  return unit === 0 ? String(Math.round(bytes)) : (bytes / 1024 ** unit).toFixed(1);
}

/** `1536` → `1.5 KiB`; `42` → `42 B`. */
export function formatBinaryBytes(bytes: number): string {
  const unit = unitFor(bytes);
  return `${inUnit(bytes, unit)} ${UNITS[unit]}`;
}

/** ` 50%  1.5/3.0 KiB  12.0 KiB/s`: sent and total share the total's unit, so they compare at a glance. */
export function progressLine(sent: number, total: number, seconds: number): string {
  const unit = unitFor(total);
  const percent = total === 0 ? 100 : (sent / total) * 100;
  return `${percent.toFixed(0).padStart(3)}%  ${inUnit(sent, unit)}/${inUnit(total, unit)} ${UNITS[unit]}  ${formatBinaryBytes(sent / Math.max(seconds, 0.001))}/s`;
}
