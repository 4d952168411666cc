/**
 * One step of WHATWG's UTF-8 decoder at buf[i]: the length of the well-formed sequence there,
 * or minus the length of the maximal invalid subpart there (which decodes to one U+FFFD).
 */
export function utf8Seq(buf: Uint8Array, i: number, end: number): number {
  const b = buf[i]!;
  if (b < 0x80) return 1;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lo = 0xa0;
    else if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lo = 0x90;
    else if (b === 0xf4) hi = 0x8f;
  } else return -1;
  let j = i + 1;
  let got = 0;
  while (got < need && j < end) {
    const c = buf[j]!;
    if (c < lo || c > hi) break;
    lo = 0x80;
    hi = 0xbf;
    j++;
    got++;
  }
  return got < need ? -(j - i) : j - i;
}
