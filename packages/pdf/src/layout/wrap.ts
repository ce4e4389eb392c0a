/** Width of a text in points, in the style being wrapped. */
export type Measure = (text: string) => number;

/** Splits a word after the characters a long word (URL, code) reads well broken at. */
const BREAK_AFTER = /(?<=[/\-_.?&=,;:])/;

/**
 * Greedy word wrap into lines no wider than `width`. A word wider than the line is cut after a separator (`/`,
 * `-`, `.` …) or else between characters, so nothing ever runs past its column (a URL, a 40-digit account). Text is expected on one line already
 * (whitespace collapsed); an empty text gives one empty line so every cell keeps its height.
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  const space = measure(" ");
  let current = "";
  let currentWidth = 0;
  for (const word of text.split(" ")) {
    if (word === "") continue;
    const wordWidth = measure(word);
    if (current !== "" && currentWidth + space + wordWidth <= width) {
      current += ` ${word}`;
      currentWidth += space + wordWidth;
      continue;
    }
    if (current !== "") lines.push(current);
    if (wordWidth <= width) {
      current = word;
      currentWidth = wordWidth;
      continue;
    }
    current = "";
    currentWidth = 0;
    // Too long for a line (a URL, an account number): cut after a separator when one lets the piece fit,
    // otherwise between characters.
    for (const piece of word.split(BREAK_AFTER)) {
      const pieceWidth = measure(piece);
      if (current !== "" && currentWidth + pieceWidth > width) {
        lines.push(current);
        current = "";
        currentWidth = 0;
      }
      if (pieceWidth <= width - currentWidth) {
        current += piece;
        currentWidth += pieceWidth;
        continue;
      }
      for (const ch of piece) {
        const w = measure(ch);
        if (current !== "" && currentWidth + w > width) {
          lines.push(current);
          current = "";
          currentWidth = 0;
        }
        current += ch;
        currentWidth += w;
      }
    }
  }
  if (current !== "" || lines.length === 0) lines.push(current);
  return lines;
}
