import type { PreparedImage } from "../writer/prepared-image.js";

/** A logo checked and decoded once (`openLogo`), for a caller that prints it on many documents. */
export class OpenedLogo {
  constructor(readonly image: PreparedImage) {}
}
