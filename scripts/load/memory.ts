/**
 * Resident memory of the local stack, read from /proc (Linux): the stack's Node process (gateway,
 * handlers, bus, emulators in-process) and its children (DynamoDB Local's JVM), in MB.
 */
import { readdirSync, readFileSync } from 'node:fs';

function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The pids whose parent is `pid` (every thread's children list). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

export interface StackMemory {
  /** The stack's Node process. */
  readonly node: number | null;
  /** Its child processes together (DynamoDB Local). */
  readonly children: number | null;
}

export function stackMemory(pid: number): StackMemory {
  const children = childrenOf(pid).map(rssMb);
  return {
    node: rssMb(pid),
    children: children.length > 0 ? children.reduce<number>((sum, mb) => sum + (mb ?? 0), 0) : null,
  };
}

export const formatMemory = (memory: StackMemory) =>
  `stack Node process ${memory.node?.toFixed(0) ?? '?'} MB, DynamoDB Local (JVM) ${memory.children?.toFixed(0) ?? '?'} MB`;
