// archiver 8 ships no type declarations; this covers the small surface zip.ts uses.
declare module "archiver" {
  import type { Readable } from "node:stream";

  export interface ZipArchiveOptions {
    zlib?: { level?: number };
    forceLocalTime?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date;
  }

  export class ZipArchive extends Readable {
    constructor(options?: ZipArchiveOptions);
    append(source: Buffer | string | Readable, data: EntryData): this;
    finalize(): Promise<void>;
  }
}
