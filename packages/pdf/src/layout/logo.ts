import { inspectLogo } from "@einvoice/domain";
import { PdfInputError } from "../input.js";
import type { PdfImage, PdfWriter } from "../writer/pdf-writer.js";
import { type PreparedImage, prepareImage } from "../writer/prepared-image.js";
import type { Box } from "./box.js";

export interface Size {
  width: number;
  height: number;
}

/**
 * The largest size of a `width` × `height` image inside a `boxWidth` × `boxHeight` box, its aspect ratio kept:
 * a wide logo takes the box's width, a tall one its height, never overflowing either.
 */
export function fitInBox(width: number, height: number, boxWidth: number, boxHeight: number): Size {
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return { width: width * scale, height: height * scale };
}

/** Each logo's check and decoding, kept while its bytes are: a caller that passes the same bytes again pays neither. */
const opened = new WeakMap<Uint8Array, Promise<PreparedImage>>();

/**
 * The issuer's logo, checked and decoded. The bytes are checked first (the same check as at upload), so a damaged
 * file is refused here, with the field named, rather than failing inside the writer. Both are done once per bytes
 * object: the renderer keeps a company's logo bytes (IssuerLogos), so its later documents only embed the result.
 */
export function openLogo(bytes: Uint8Array): Promise<PreparedImage> {
  let logo = opened.get(bytes);
  if (!logo) {
    logo = check(bytes);
    opened.set(bytes, logo);
  }
  return logo;
}

async function check(bytes: Uint8Array): Promise<PreparedImage> {
  const inspection = inspectLogo(bytes);
  if (!inspection.ok) throw new PdfInputError([{ field: "logo", message: inspection.message }]);
  try {
    return await prepareImage(bytes);
  } catch (error) {
    throw new PdfInputError([{ field: "logo", message: `the logo cannot be read: ${String(error)}` }]);
  }
}

/**
 * The logo fitted into a box `width` wide and at most `maxHeight` tall, at the left of the column or centred in
 * it, followed by `gap` points of space.
 */
export function logoBox(
  doc: PdfWriter,
  image: PdfImage,
  x: number,
  width: number,
  maxHeight: number,
  align: "left" | "center",
  gap: number,
): Box {
  const size = fitInBox(image.width, image.height, width, maxHeight);
  const left = align === "left" ? x : x + (width - size.width) / 2;
  return {
    height: size.height + gap,
    draw: (y) => doc.drawImage(image, left, y, size.width, size.height),
  };
}
