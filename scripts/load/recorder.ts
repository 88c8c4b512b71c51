/**
 * What the load measured: every answer's route group, status and latency. Each group keeps its
 * latencies for the percentiles; each status that is neither 2xx nor 4xx is kept whole (method,
 * path, status, body) to print, and 4xx answers are counted by group and status.
 */
import { percentile } from '../bench-support.ts';

export interface Oddity {
  readonly group: string;
  readonly what: string;
  readonly status: number;
  readonly body: string;
}

interface Group {
  readonly ms: number[];
  ok: number;
  clientErrors: Map<number, number>;
  other: number;
}

export class Recorder {
  private readonly groups = new Map<string, Group>();
  /** Answers neither good nor 4xx (a 5xx, a redirect where none belongs, a failed connection: 0). */
  readonly oddities: Oddity[] = [];
  private measuring = false;

  /** Latencies recorded from now on count (the set-up's do not; its oddities are kept). */
  startMeasuring(): void {
    this.groups.clear();
    this.measuring = true;
  }

  /** Records one answer; a 3xx is a good answer only where `redirects` says one is (a form post). */
  record(
    group: string,
    what: string,
    status: number,
    ms: number,
    body: () => string,
    redirects = false,
  ): void {
    const good = (status >= 200 && status < 300) || (redirects && status >= 300 && status < 400);
    if (!good && (status < 400 || status >= 500)) {
      this.oddities.push({ group, what, status, body: body().slice(0, 300) });
    }
    if (!this.measuring) return;
    let entry = this.groups.get(group);
    if (!entry) {
      entry = { ms: [], ok: 0, clientErrors: new Map(), other: 0 };
      this.groups.set(group, entry);
    }
    entry.ms.push(ms);
    if (good) entry.ok += 1;
    else if (status >= 400 && status < 500) {
      entry.clientErrors.set(status, (entry.clientErrors.get(status) ?? 0) + 1);
    } else entry.other += 1;
  }

  get requests(): number {
    let total = 0;
    for (const group of this.groups.values()) total += group.ms.length;
    return total;
  }

  get fiveHundreds(): number {
    return this.oddities.filter((o) => o.status >= 500).length;
  }

  /** One row per route group, most requests first: count, answers by class, p50/p95/p99 in ms. */
  rows(): (string | number)[][] {
    return [...this.groups.entries()]
      .sort(([, a], [, b]) => b.ms.length - a.ms.length)
      .map(([name, group]) => {
        const sorted = [...group.ms].sort((a, b) => a - b);
        const clientErrors = [...group.clientErrors.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${n}×${status}`)
          .join(' ');
        return [
          name,
          sorted.length,
          group.ok,
          clientErrors || '0',
          group.other,
          ...[0.5, 0.95, 0.99].map((q) => percentile(sorted, q).toFixed(1)),
        ];
      });
  }

  /** Latencies of every measured answer, for the overall percentiles. */
  allLatencies(): number[] {
    return [...this.groups.values()].flatMap((group) => group.ms).sort((a, b) => a - b);
  }
}

export const RECORDER_HEADER = [
  'route group',
  'requests',
  '2xx (303 of a form post)',
  '4xx',
  'other',
  'p50 ms',
  'p95 ms',
  'p99 ms',
];
