import { configureTextEncoding, getTextEncoding } from "@bufbuild/protobuf/wire";

/**
 * Gives protobuf-es Node's own UTF-8 routines. By default it encodes every string field with
 * `TextEncoder.encode`, a fresh ArrayBuffer each, and checks strings with
 * `encodeURIComponent`; a computed invoice has a hundred-odd string fields (amounts are decimal text).
 * `Buffer.from` carves short strings from Node's pool (no allocation each) and writes the same bytes, lone surrogates
 * included (both write U+FFFD); `isWellFormed` refuses exactly what `encodeURIComponent` throws on. Decoding
 * keeps protobuf-es's own TextDecoder. Called once at boot (runService), before any message is encoded.
 */
export function useNodeTextEncoding(): void {
  const { decodeUtf8 } = getTextEncoding();
  configureTextEncoding({
    encodeUtf8: (text) => Buffer.from(text, "utf8"),
    decodeUtf8,
    checkUtf8: (text) => text.isWellFormed(),
  });
}
