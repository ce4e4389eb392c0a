import type { Box, Group } from "./box.js";
import type { Frame } from "./paginate.js";

/** A format's answer to "what goes where": the page, the header repeated on each page, the flowing groups. */
export interface Composition {
  width: number;
  /** A page's height, knowing how far down its content reaches (a ticket's last page ends with its content). */
  pageHeight(page: number, pages: number, contentBottom: number): number;
  /** Drawn at `headerTop` on every page. */
  header: Box;
  headerTop: number;
  /** Where the groups flow on each page. */
  frame: Frame;
  groups: Group[];
  /** Draws the page footer ("Página N de M") on the current page. */
  footer(page: number, pages: number, height: number): void;
}
