import type { FieldError } from "@einvoice/domain";

/** Collects every failed check (never stops at the first). */
export class Errors {
  readonly list: FieldError[] = [];

  add(param: string, code: string, message: string): void {
    this.list.push({ param, code, message });
  }

  get count(): number {
    return this.list.length;
  }

  /** True when some error was recorded for `param` or below it (`items.0` covers `items.0.quantity`). */
  has(prefix: string): boolean {
    return this.list.some((e) => e.param === prefix || e.param.startsWith(`${prefix}.`));
  }
}
