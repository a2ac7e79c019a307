// CPU seconds of one Postgres server: its postmaster, its live backends and the backends that
// have exited (their time is added to the postmaster's children's counters once reaped). Other
// Postgres servers on the machine (other sessions' test databases) are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from '../src/db/client.ts';

const TICKS = 100; // USER_HZ on Linux

function stat(pid: string): { comm: string; ppid: string; fields: string[] } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), ppid: fields[1]!, fields };
  } catch {
    return null; // the process ended meanwhile
  }
}

/** A reader of the server's CPU seconds so far (the connection must be allowed to read data_directory). */
export async function postgresCpuReader(sql: Sql): Promise<() => number> {
  const [{ dir }] = await sql<{ dir: string }[]>`select current_setting('data_directory') as dir`;
  const postmaster = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  return () => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const s = stat(pid);
      if (s?.comm !== 'postgres') continue;
      if (pid === postmaster) {
        // utime, stime, cutime, cstime: its own and its reaped children's.
        total += (Number(s.fields[11]) + Number(s.fields[12]) + Number(s.fields[13]) + Number(s.fields[14])) / TICKS;
      } else if (s.ppid === postmaster) {
        total += (Number(s.fields[11]) + Number(s.fields[12])) / TICKS;
      }
    }
    return total;
  };
}
