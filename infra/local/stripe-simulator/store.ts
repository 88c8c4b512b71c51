/**
 * The simulator's state: every Stripe object by id (customers, prices, products, checkout
 * sessions, subscriptions, invoices, payment methods, accounts, account links, billing portal
 * sessions, events), plus what the simulator keeps beside them. Saved as one JSON file under the
 * local data folder, so a restart of `npm start` keeps what the app's table refers to.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

interface SavedState {
  version: 1;
  objects: Record<string, StripeObject>;
  /** Simulator-only data per object id (a session's line items, whether a link was used…). */
  internal: Record<string, Record<string, unknown>>;
  invoiceSequence: number;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id like Stripe's: a prefix and 24 random letters and digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export const now = (): number => Math.floor(Date.now() / 1000);

export class Store {
  private state: SavedState = { version: 1, objects: {}, internal: {}, invoiceSequence: 0 };
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
      if (loaded.version === 1) this.state = loaded;
    }
  }

  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined {
    const found = this.state.objects[id];
    if (!found || (object && found.object !== object)) return undefined;
    return found as T;
  }

  put<T extends StripeObject>(value: T): T {
    this.state.objects[value.id] = value;
    this.changed();
    return value;
  }

  /** Objects of one type, newest first. */
  all<T extends StripeObject = StripeObject>(object: string, where: (o: T) => boolean = () => true): T[] {
    return (Object.values(this.state.objects) as T[])
      .filter((o) => o.object === object && where(o))
      .sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
  }

  internal(id: string): Record<string, unknown> {
    this.state.internal[id] ??= {};
    return this.state.internal[id] as Record<string, unknown>;
  }

  setInternal(id: string, values: Record<string, unknown>): void {
    this.state.internal[id] = { ...this.internal(id), ...values };
    this.changed();
  }

  nextInvoiceNumber(): string {
    this.state.invoiceSequence += 1;
    this.changed();
    return `SIM-${String(this.state.invoiceSequence).padStart(4, '0')}`;
  }

  /** Writes are coalesced: one save per burst of changes. */
  private changed(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 50);
    this.saveTimer.unref();
  }

  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }
}
