import type { Box, Group } from "./box.js";

/** The body of a page: below the repeated page header, above the page-number footer. */
export interface Frame {
  top: number;
  bottom: number;
}

export interface Placement {
  box: Box;
  y: number;
}

const EPSILON = 0.001;

/**
 * Places groups on pages, top to bottom. A group that does not fit in what is left of a page starts a new page
 * when it would fit on an empty one; a longer group splits between its boxes. A group with a `repeat` box (a
 * table row) gets it at the top of every new page it starts or continues on. Returns the boxes of each page with their y. Pure arithmetic: the page count is known before any
 * drawing, which is what "Página N de M" needs.
 */
export function paginate(groups: Group[], frame: Frame): Placement[][] {
  const room = frame.bottom - frame.top;
  const pages: Placement[][] = [[]];
  let y = frame.top;
  let page = pages[0] as Placement[];
  const fits = (height: number) => y + height <= frame.bottom + EPSILON;
  const put = (box: Box) => {
    if (box.height > room + EPSILON)
      throw new RangeError(
        `a box of ${box.height.toFixed(1)} pt cannot fit a page body of ${room.toFixed(1)} pt`,
      );
    page.push({ box, y });
    y += box.height;
  };
  const newPage = (repeat: Box | undefined) => {
    page = [];
    pages.push(page);
    y = frame.top;
    if (repeat) put(repeat);
  };

  for (const g of groups) {
    // A group whose first box is its own repeat (the first row of a table, with the column header) never needs
    // the header twice.
    const lead = g.boxes[0] === g.repeat ? undefined : g.repeat;
    const atTop = page.length === 0;
    const gap = atTop ? 0 : g.gapBefore;
    const height = g.boxes.reduce((h, b) => h + b.height, 0);
    if (!atTop && !fits(gap + height) && height <= room) newPage(lead);
    else y += gap;
    g.boxes.forEach((box, i) => {
      // The column header stays with the first row under it.
      const next = box === g.repeat ? (g.boxes[i + 1]?.height ?? 0) : 0;
      if (!fits(box.height + next) && page.length > 0) newPage(i === 0 ? lead : g.repeat);
      put(box);
    });
  }
  return pages;
}

/** The height the groups take on one endless page (a ticket's paper length). */
export function flowHeight(groups: Group[]): number {
  return groups.reduce(
    (h, g, i) => h + (i === 0 ? 0 : g.gapBefore) + g.boxes.reduce((s, b) => s + b.height, 0),
    0,
  );
}
