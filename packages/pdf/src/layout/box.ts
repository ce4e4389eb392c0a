/** A piece of a page with a known height, drawn at a vertical position (its x is fixed when it is composed). */
export interface Box {
  height: number;
  draw(y: number): void;
}

/**
 * Boxes that stay on one page when they fit on one, and otherwise split between boxes. `repeat` (the column
 * header of the lines table) is drawn at the top of every new page the group starts or continues on.
 */
export interface Group {
  boxes: Box[];
  /** Space above the group, dropped at the top of a page. */
  gapBefore: number;
  repeat?: Box;
}

export const group = (boxes: Box[], gapBefore = 0, repeat?: Box): Group =>
  repeat ? { boxes, gapBefore, repeat } : { boxes, gapBefore };

export const spacer = (height: number): Box => ({ height, draw: () => {} });

/** Boxes one under another, as one box. */
export function stack(boxes: Box[]): Box {
  return {
    height: boxes.reduce((h, b) => h + b.height, 0),
    draw(y) {
      let at = y;
      for (const b of boxes) {
        b.draw(at);
        at += b.height;
      }
    },
  };
}

/** Boxes side by side (each already placed at its x), as one box as tall as the tallest. */
export function beside(...boxes: Box[]): Box {
  return {
    height: Math.max(0, ...boxes.map((b) => b.height)),
    draw(y) {
      for (const b of boxes) b.draw(y);
    },
  };
}
