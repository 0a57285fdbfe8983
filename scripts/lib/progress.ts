// The import's progress on stderr: a bar redrawn in place on a terminal, a line every few
// seconds otherwise (logs, CI). Records, bytes, rate and time left for the current phase.
import type { Phase, Progress } from "../../cli/import/run";

const LABEL: Record<Phase, string> = {
  scan: "scanning",
  shapes: "checking records",
  references: "checking references",
  write: "writing",
  index: "rebuilding the search index",
};
const WIDTH = 24;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--:--";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h ? `${h}:` : ""}${String(m).padStart(h ? 2 : 1, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export class ProgressBar {
  private phase?: Phase;
  private phaseStart = 0;
  private lastDraw = 0;
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(private readonly quiet = false) {}

  update = (p: Progress): void => {
    if (this.quiet) return;
    const now = Date.now();
    if (p.phase !== this.phase) {
      if (this.phase && this.tty) process.stderr.write("\n");
      this.phase = p.phase;
      this.phaseStart = now;
      this.lastDraw = 0;
    }
    if (now - this.lastDraw < (this.tty ? 100 : 5000)) return;
    this.lastDraw = now;
    process.stderr.write(this.render(p, now) + (this.tty ? "" : "\n"));
  };

  private render(p: Progress, now: number): string {
    const seconds = (now - this.phaseStart) / 1000;
    // Records once counted (a record's cost follows its count more than its bytes), else bytes.
    const fraction = p.totalRecords ? Math.min(1, p.records / p.totalRecords) : p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
    const filled = Math.round(fraction * WIDTH);
    const bar =
      p.totalBytes || p.totalRecords ? `[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%` : "";
    const rate = seconds > 0 ? p.records / seconds : 0;
    const left = fraction > 0 ? (seconds / fraction) * (1 - fraction) : NaN;
    const where = p.section ? ` ${p.section}` : "";
    const line = `${LABEL[p.phase].padEnd(19)} ${bar} ${p.records.toLocaleString("en")}${p.totalRecords ? `/${p.totalRecords.toLocaleString("en")}` : ""} records, ${mb(p.bytes)}${p.totalBytes ? `/${mb(p.totalBytes)}` : ""}, ${Math.round(rate).toLocaleString("en")}/s, ${clock(left)} left${where}`;
    return this.tty ? `\r${line}\x1b[K` : line;
  }

  done(): void {
    if (!this.quiet && this.phase && this.tty) process.stderr.write("\n");
  }
}
