/**
 * What `npm start` shows people: the functions' structured logs (Powertools' JSON lines, as in
 * AWS) are appended whole to a file under `.local/logs/`, and on the console only those at or
 * above LOG_LEVEL (WARN unless set) appear, as one readable line each (level, message, the
 * fields that say which, an error's name and message and where it was thrown). LOG_FORMAT=json
 * puts the JSON lines on the console as they are instead. Lines that are not a log record pass.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

/** Powertools' levels, lowest first. */
const LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
const rank = (level: unknown) => LEVELS.indexOf(String(level ?? '').toUpperCase() as (typeof LEVELS)[number]);

/** Fields every record carries, left out of the readable line. */
const BOOKKEEPING = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'error',
]);

export interface LogRecord {
  level: string;
  message: string;
  [field: string]: unknown;
}

/** A structured log record when the line is one (a JSON object with a level and a message). */
export function logRecordOf(line: string): LogRecord | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object' && 'level' in value && 'message' in value)
      return value as LogRecord;
  } catch {
    // Not JSON: printed as it is.
  }
  return null;
}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** One readable line: `WARN  message  key=value …  Error: what (where)`. */
export function readableLine(record: LogRecord): string {
  const fields = Object.entries(record)
    .filter(([key, value]) => !BOOKKEEPING.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${short(value)}`);
  const error = record.error as { name?: string; message?: string; location?: string } | undefined;
  const cause = error
    ? `${error.name ?? 'Error'}: ${error.message ?? ''}${error.location ? ` (${error.location})` : ''}`
    : '';
  return [`${record.level.toUpperCase().padEnd(5)} ${record.message}`, fields.join(' '), cause]
    .filter(Boolean)
    .join('  ');
}

export interface ConsoleLogOptions {
  /** Where every record goes whole, one JSON line each. */
  file: string;
  /** The lowest level shown on the console (LOG_LEVEL). */
  level: string;
  /** `json`: records reach the console as JSON lines (LOG_FORMAT=json). */
  format: 'text' | 'json';
}

/** What becomes of one written line: the console's text (null: nothing) and the file's. */
export function routeLine(line: string, options: Pick<ConsoleLogOptions, 'level' | 'format'>) {
  const record = logRecordOf(line);
  if (!record) return { console: line, file: null };
  const shown = rank(record.level) >= Math.max(0, rank(options.level));
  return {
    console: shown ? (options.format === 'json' ? line : readableLine(record)) : null,
    file: line,
  };
}

type Write = typeof process.stdout.write;

/**
 * Routes what this process writes to stdout and stderr through routeLine (Powertools writes one
 * record per write); answers the function that puts the streams back.
 */
export function routeStructuredLogs(options: ConsoleLogOptions): () => void {
  mkdirSync(dirname(options.file), { recursive: true });
  const file: WriteStream = createWriteStream(options.file, { flags: 'a' });
  const patch = (stream: NodeJS.WriteStream) => {
    const original = stream.write.bind(stream) as Write;
    const write = (chunk: unknown, ...rest: unknown[]): boolean => {
      if (typeof chunk !== 'string' || !chunk.startsWith('{'))
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      const out: string[] = [];
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        const routed = routeLine(line, options);
        if (routed.file) file.write(`${routed.file}\n`);
        if (routed.console !== null) out.push(routed.console);
      }
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (out.length === 0) {
        callback?.();
        return true;
      }
      return original(`${out.join('\n')}\n`, callback);
    };
    stream.write = write as Write;
    return () => {
      stream.write = original;
    };
  };
  const restore = [patch(process.stdout), patch(process.stderr)];
  return () => {
    for (const undo of restore) undo();
    file.end();
  };
}
