/**
 * A built page as the build scans it (sitemap and search flags, inline
 * hashes, the search document): its UTF-8 bytes one character each
 * (latin1), not decoded. Decoding the 1.6 GB of HTML of 10,000 therapists
 * into two-byte strings (Japanese) cost the build's main thread some 10 s;
 * this is a copy. It is exact for what the build looks for: tags,
 * attributes and markers are ASCII, which UTF-8 keeps as is and never uses
 * inside a multi-byte character, so a pattern matches where it would in the
 * decoded page, and a match turns back into its exact bytes (decodedText).
 * One rule for patterns run on it: white space is spelled as HTML's ASCII
 * set, [\t\n\f\r ], never \s, which also takes U+00A0, the byte 0xA0 inside
 * many a Japanese character.
 */
export function pageText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** A piece of a page's text (pageText), decoded. */
export function decodedText(text: string): string {
  return Buffer.from(text, 'latin1').toString('utf8');
}
