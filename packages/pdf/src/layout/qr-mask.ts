/**
 * The choice of a QR symbol's data mask (ISO/IEC 18004, 7.8): the pattern whose symbol scores the lowest
 * penalty (N1 runs of one colour, N2 2×2 blocks, N3 finder-like patterns, N4 dark/light balance), with the
 * same scores and tie-break as the qrcode library, computed on flat arrays. The library's own search reads
 * and writes every module through method calls for each of the eight patterns, which cost more than the rest
 * of the symbol.
 */

/** Level Q's two format bits (ISO/IEC 18004, table 12). */
const LEVEL_Q = 0b11;
/** BCH(15,5) generator and the mask XORed onto the format information (ISO/IEC 18004, 7.9 and annex C). */
const G15 = 0b10100110111;
const FORMAT_MASK = 0b101010000010010;

const bitLength = (n: number) => 32 - Math.clz32(n);

function formatBits(mask: number): number {
  const data = (LEVEL_Q << 3) | mask;
  let d = data << 10;
  while (bitLength(d) - bitLength(G15) >= 0) d ^= G15 << (bitLength(d) - bitLength(G15));
  return ((data << 10) | d) ^ FORMAT_MASK;
}

function maskAt(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

/** Writes the 15 format bits for `mask` where ISO/IEC 18004 (7.9.1) places them, and the dark module. */
function placeFormat(m: Uint8Array, size: number, mask: number): void {
  const bits = formatBits(mask);
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    const vRow = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    m[vRow * size + 8] = bit;
    const hCol = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
    m[8 * size + hCol] = bit;
  }
  m[(size - 8) * size + 8] = 1;
}

function penalty(m: Uint8Array, size: number): number {
  let points = 0;
  // N1: five or more modules of one colour in a row or column.
  for (let a = 0; a < size; a++) {
    let rowRun = 0;
    let colRun = 0;
    let rowLast = -1;
    let colLast = -1;
    for (let b = 0; b < size; b++) {
      const r = m[a * size + b] as number;
      if (r === rowLast) rowRun++;
      else {
        if (rowRun >= 5) points += 3 + rowRun - 5;
        rowLast = r;
        rowRun = 1;
      }
      const c = m[b * size + a] as number;
      if (c === colLast) colRun++;
      else {
        if (colRun >= 5) points += 3 + colRun - 5;
        colLast = c;
        colRun = 1;
      }
    }
    if (rowRun >= 5) points += 3 + rowRun - 5;
    if (colRun >= 5) points += 3 + colRun - 5;
  }
  // N2: 2×2 blocks of one colour.
  let blocks = 0;
  for (let row = 0; row < size - 1; row++)
    for (let col = 0; col < size - 1; col++) {
      const at = row * size + col;
      const sum =
        (m[at] as number) + (m[at + 1] as number) + (m[at + size] as number) + (m[at + size + 1] as number);
      if (sum === 0 || sum === 4) blocks++;
    }
  points += blocks * 3;
  // N3: 1:1:3:1:1 finder-like patterns with four light modules on one side.
  let finders = 0;
  for (let a = 0; a < size; a++) {
    let rowBits = 0;
    let colBits = 0;
    for (let b = 0; b < size; b++) {
      rowBits = ((rowBits << 1) & 0x7ff) | (m[a * size + b] as number);
      colBits = ((colBits << 1) & 0x7ff) | (m[b * size + a] as number);
      if (b >= 10) {
        if (rowBits === 0x5d0 || rowBits === 0x05d) finders++;
        if (colBits === 0x5d0 || colBits === 0x05d) finders++;
      }
    }
  }
  points += finders * 40;
  // N4: how far the share of dark modules is from half, in steps of 5 %.
  let dark = 0;
  for (let i = 0; i < m.length; i++) dark += m[i] as number;
  points += Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10) * 10;
  return points;
}

/**
 * For each of the eight patterns, 1 where it flips a module of a `size`-wide symbol whose function patterns and
 * format areas are `reserved` (which depend only on the size, i.e. the version): kept per size.
 */
const flipsBySize = new Map<number, Uint8Array[]>();

function flipsOf(reserved: Uint8Array, size: number): Uint8Array[] {
  let flips = flipsBySize.get(size);
  if (flips) return flips;
  flips = Array.from({ length: 8 }, (_, pattern) => {
    const flip = new Uint8Array(size * size);
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++) {
        const at = row * size + col;
        if (!reserved[at] && maskAt(pattern, row, col)) flip[at] = 1;
      }
    return flip;
  });
  flipsBySize.set(size, flips);
  return flips;
}

/**
 * The final modules (row-major, 1 = dark) of a level-Q symbol given as built with mask 0: `modules` with mask 0
 * applied, `reserved` marking function patterns and format areas, which no mask touches.
 */
export function bestMasked(modules: Uint8Array, reserved: Uint8Array, size: number): Uint8Array {
  const flips = flipsOf(reserved, size);
  const zero = flips[0] as Uint8Array;
  const data = new Uint8Array(modules.length);
  for (let i = 0; i < data.length; i++) data[i] = (modules[i] as number) ^ (zero[i] as number);
  let best: Uint8Array = data;
  let lowest = Number.POSITIVE_INFINITY;
  for (let pattern = 0; pattern < 8; pattern++) {
    const flip = flips[pattern] as Uint8Array;
    const m = new Uint8Array(data.length);
    for (let i = 0; i < m.length; i++) m[i] = (data[i] as number) ^ (flip[i] as number);
    placeFormat(m, size, pattern);
    const score = penalty(m, size);
    if (score < lowest) {
      lowest = score;
      best = m;
    }
  }
  return best;
}
