// The CPU time a `wrangler dev` process group spent, read from /proc: what bench:cpu and the statement split divide by
// the requests answered.
import { readdirSync, readFileSync } from "node:fs";

/** Microseconds per tick: /proc counts CPU time in hundredths of a second (USER_HZ). */
export const TICK_US = 1_000_000 / 100;

export /** CPU ticks (user + system) of every process in the group `pgid` (a detached wrangler and what it started). */
function groupTicks(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}
