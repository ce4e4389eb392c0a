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
  // One pass over the rows (a, b) and, transposed, the columns (b, a) for all four rules.
  // N1: five or more modules of one colour in a row or column. N2: 2×2 blocks of one colour (the block ending at
  // row a, column b). N3: 1:1:3:1:1 finder-like patterns with four light modules on one side (the last eleven
  // modules of the row and of the column, as bits). N4: the share of dark modules.
  let blocks = 0;
  let finders = 0;
  let dark = 0;
  for (let a = 0; a < size; a++) {
    let rowRun = 0;
    let colRun = 0;
    let rowLast = -1;
    let colLast = -1;
    let rowBits = 0;
    let colBits = 0;
    const rowStart = a * size;
    for (let b = 0; b < size; b++) {
      const r = m[rowStart + b] as number;
      dark += r;
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
      if (a > 0 && b > 0) {
        const above = rowStart - size + b;
        const sum = r + (m[rowStart + b - 1] as number) + (m[above] as number) + (m[above - 1] as number);
        if (sum === 0 || sum === 4) blocks++;
      }
      rowBits = ((rowBits << 1) & 0x7ff) | r;
      colBits = ((colBits << 1) & 0x7ff) | c;
      if (b >= 10) {
        if (rowBits === 0x5d0 || rowBits === 0x05d) finders++;
        if (colBits === 0x5d0 || colBits === 0x05d) finders++;
      }
    }
    if (rowRun >= 5) points += 3 + rowRun - 5;
    if (colRun >= 5) points += 3 + colRun - 5;
  }
  points += blocks * 3 + finders * 40;
  points += Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10) * 10;
  return points;
}

/**
 * Every pattern repeats every 12 rows and 12 columns (its terms are i mod 2, i mod 3, ⌊i/2⌋ mod 2, ⌊j/3⌋ mod 2
 * and the like), so one 12×12 tile per pattern, 1 where it flips a module, covers every size. Built once at load
 * and only read.
 */
const PERIOD = 12;
const MASK_TILES: readonly Uint8Array[] = Array.from({ length: 8 }, (_, pattern) => {
  const tile = new Uint8Array(PERIOD * PERIOD);
  for (let i = 0; i < PERIOD; i++)
    for (let j = 0; j < PERIOD; j++) tile[i * PERIOD + j] = maskAt(pattern, i, j) ? 1 : 0;
  return tile;
});

/** `out` = `source` with `pattern` applied to every module, then the `fixed` ones (function patterns) put back. */
function applyMask(
  source: Uint8Array,
  fixed: Int32Array,
  size: number,
  pattern: number,
  out: Uint8Array,
): void {
  const tile = MASK_TILES[pattern] as Uint8Array;
  for (let row = 0; row < size; row++) {
    const base = (row % PERIOD) * PERIOD;
    const rowStart = row * size;
    for (let start = 0; start < size; start += PERIOD) {
      const end = Math.min(start + PERIOD, size);
      for (let col = start, t = base; col < end; col++, t++)
        out[rowStart + col] = (source[rowStart + col] as number) ^ (tile[t] as number);
    }
  }
  for (let k = 0; k < fixed.length; k++) {
    const at = fixed[k] as number;
    out[at] = source[at] as number;
  }
}

/**
 * The final modules (row-major, 1 = dark) of a level-Q symbol given as built with mask 0: `modules` with mask 0
 * applied, `reserved` marking (1) function patterns and format areas, which no mask touches.
 */
export function bestMasked(modules: Uint8Array, reserved: Uint8Array, size: number): Uint8Array {
  let count = 0;
  for (let i = 0; i < reserved.length; i++) count += reserved[i] as number;
  const fixed = new Int32Array(count);
  for (let i = 0, k = 0; i < reserved.length; i++) if (reserved[i]) fixed[k++] = i;
  const data = new Uint8Array(modules.length);
  applyMask(modules, fixed, size, 0, data);
  let best: Uint8Array = data;
  let lowest = Number.POSITIVE_INFINITY;
  for (let pattern = 0; pattern < 8; pattern++) {
    const m = new Uint8Array(data.length);
    applyMask(data, fixed, size, pattern, m);
    placeFormat(m, size, pattern);
    const score = penalty(m, size);
    if (score < lowest) {
      lowest = score;
      best = m;
    }
  }
  return best;
}
