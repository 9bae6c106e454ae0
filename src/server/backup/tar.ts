// The few parts of the POSIX tar format a backup needs: regular files with short names,
// read and written as streams, so `tar -tzf` lists a backup and `tar -xzf` unpacks it.
import { Transform, type TransformCallback } from 'node:stream';

const BLOCK = 512;

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`The name ${name} is too long for tar.`);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0');
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${octal(sum, 7)}\u0000`, 148, 'latin1');
  return header;
}

/** Zeros that end an entry's data on a block boundary. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end the archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

export class DamagedArchiveError extends Error {}

export interface TarEntryHandler {
  /** A new entry starts; its data follows in `data` calls, then `end`. */
  start(name: string, size: number): void;
  data(chunk: Buffer): void;
  end(): void | Promise<void>;
}

function readHeader(block: Buffer): { name: string; size: number } | null {
  if (block.every((byte) => byte === 0)) return null;
  const text = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  if (parseInt(text(148, 8).trim(), 8) !== sum) {
    throw new DamagedArchiveError('an entry header of the archive does not check');
  }
  const prefix = text(345, 155);
  const name = text(0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: parseInt(text(124, 12).trim(), 8) };
}

/** Reads a tar stream, handing each entry's bytes to `handler`; ends when the archive does. */
export class TarReader extends Transform {
  private pending = Buffer.alloc(0);
  private remaining = 0;
  private padding = 0;
  private inEntry = false;
  ended = false;

  constructor(private readonly handler: TarEntryHandler) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: string, done: TransformCallback): void {
    this.consume(chunk).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (!this.ended) done(new DamagedArchiveError('the archive ends before its last entry'));
    else done();
  }

  private async consume(chunk: Buffer): Promise<void> {
    let input = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (input.length > 0 && !this.ended) {
      if (this.inEntry) {
        const take = Math.min(this.remaining, input.length);
        if (take > 0) this.handler.data(input.subarray(0, take));
        input = input.subarray(take);
        this.remaining -= take;
        if (this.remaining === 0) {
          this.inEntry = false;
          await this.handler.end();
        }
        continue;
      }
      if (this.padding > 0) {
        const skip = Math.min(this.padding, input.length);
        input = input.subarray(skip);
        this.padding -= skip;
        continue;
      }
      if (input.length < BLOCK) {
        this.pending = Buffer.from(input);
        return;
      }
      const header = readHeader(input.subarray(0, BLOCK));
      input = input.subarray(BLOCK);
      if (!header) {
        this.ended = true;
        return;
      }
      this.handler.start(header.name, header.size);
      this.remaining = header.size;
      this.padding = (BLOCK - (header.size % BLOCK)) % BLOCK;
      this.inEntry = true;
      if (header.size === 0) {
        this.inEntry = false;
        await this.handler.end();
      }
    }
  }
}
