import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PAR_SECONDE = 100;

/**
 * CPU time (user + system, ms) spent so far by every live process of a process group: the server
 * a bench starts runs as `npx tsx …` in a group of its own (bench/lib/serveur.ts), and the node
 * process that serves is a child of npx. The same figure as `process.cpuUsage()` summed over
 * them, read from outside (/proc, Linux), at 10 ms resolution.
 */
export function cpuGroupeMs(groupe: number): number {
  let ticks = 0;
  for (const entree of readdirSync('/proc')) {
    if (!/^\d+$/.test(entree)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entree}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime(12) stime(13).
    const champs = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(champs[2]) !== groupe) continue;
    ticks += Number(champs[11]) + Number(champs[12]);
  }
  return (ticks * 1000) / TICKS_PAR_SECONDE;
}
