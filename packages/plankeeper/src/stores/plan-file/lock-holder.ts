/**
 * Who holds a plan file's lock, beyond its pid: the host, the boot and the PID namespace
 * the holder runs in. A pid means something only where it was taken: a writer in a
 * devcontainer (its own PID namespace) or on another machine sharing the folder has a pid
 * that `kill(pid, 0)` here cannot judge (the number may be free here, or another process's).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

let ours: string | undefined;

/**
 * One line naming where this process runs: `host NAME boot ID pidns NS`. The boot id
 * (Linux) tells a lock left from before a restart; the namespace (the inode of
 * /proc/self/ns/pid) tells a container on this host. Where /proc is not there, the host
 * name alone.
 */
export function lockHolder(): string {
  ours ??= [
    `host ${hostname()}`,
    orNothing(() => `boot ${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}`),
    orNothing(() => `pidns ${readlinkSync('/proc/self/ns/pid')}`),
  ]
    .filter((part) => part !== '')
    .join(' ');
  return ours;
}

/**
 * Whether a lock's pid can be judged here: it was taken in this PID namespace on this host
 * and boot. A lock that names no holder (written by an earlier plankeeper) is judged by its
 * pid, as it always was.
 */
export function pidIsOurs(holder: string | undefined): boolean {
  return holder === undefined || holder === '' || holder === lockHolder();
}

function orNothing(read: () => string): string {
  try {
    return read();
  } catch {
    return '';
  }
}
