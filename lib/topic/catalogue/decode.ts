/** Reading a catalogue file's bytes as text: UTF-8 (with or without BOM) or GBK/GB18030, as Chinese library systems export. */
import iconv from "iconv-lite";

/** The text of a catalogue file and the encoding it was read in, or undefined when it is neither UTF-8 nor GB18030 text. */
export function decodeCatalogue(buf: Buffer): { text: string; encoding: "utf-8" | "gb18030" } | undefined {
  // UTF-16 files and binary files (a spreadsheet saved as .xlsx) hold NUL bytes; no CSV text does.
  if (buf.includes(0)) return undefined;
  const body = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    // Not UTF-8: GB18030 is a superset of GBK and GB2312, so it reads all three exports.
    const text = iconv.decode(body, "gb18030");
    return text.includes("\uFFFD") ? undefined : { text, encoding: "gb18030" };
  }
}
