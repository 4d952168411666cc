/**
 * Mach-O code signatures, checked and (when needed) rewritten on Linux.
 *
 * Why: macOS refuses to run (SIGKILL at launch) a binary whose embedded signature does not
 * match its pages. Bun 1.4.5 re-signs a cross-compiled darwin-arm64 executable ad hoc, but a
 * darwin-x64 one keeps the runtime's original signature, whose CodeDirectory stops at the old
 * end of code (measured: 75 of 23,797 page hashes wrong; upstream reports: oven-sh/bun#39758
 * and the darwin-x64 follow-ups). adhocSign() writes a fresh ad-hoc signature like
 * `codesign -s -`: CodeDirectory (SHA-256, 4 KiB pages) + empty requirements + empty CMS blob.
 */
import { createHash } from "node:crypto";

const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSMAGIC_REQUIREMENTS = 0xfade0c01;
const CSMAGIC_BLOBWRAPPER = 0xfade0b01;
const PAGE = 4096;

interface Layout {
  sigCmd: number; // offset of the LC_CODE_SIGNATURE command
  sigOff: number;
  sigSize: number;
  linkedit: number; // offset of the __LINKEDIT segment command
  textFileOff: bigint;
  textFileSize: bigint;
}

function layout(b: Buffer): Layout {
  if (b.readUInt32LE(0) !== 0xfeedfacf) throw new Error("not a 64-bit Mach-O");
  const ncmds = b.readUInt32LE(16);
  let off = 32;
  const l: Partial<Layout> = {};
  for (let i = 0; i < ncmds; i++) {
    const cmd = b.readUInt32LE(off);
    if (cmd === LC_CODE_SIGNATURE) {
      l.sigCmd = off;
      l.sigOff = b.readUInt32LE(off + 8);
      l.sigSize = b.readUInt32LE(off + 12);
    } else if (cmd === LC_SEGMENT_64) {
      const name = b.subarray(off + 8, off + 24).toString("latin1").replace(/\0+$/, "");
      if (name === "__LINKEDIT") l.linkedit = off;
      if (name === "__TEXT") {
        l.textFileOff = b.readBigUInt64LE(off + 40);
        l.textFileSize = b.readBigUInt64LE(off + 48);
      }
    }
    off += b.readUInt32LE(off + 4);
  }
  if (l.sigCmd === undefined || l.linkedit === undefined || l.textFileSize === undefined) {
    throw new Error("Mach-O without LC_CODE_SIGNATURE, __LINKEDIT or __TEXT");
  }
  return l as Layout;
}

/** "ok (...)" when every page hash of the CodeDirectory matches the file, else what is wrong. */
export function verifyMachoSignature(b: Buffer): string {
  let l: Layout;
  try {
    l = layout(b);
  } catch (e: any) {
    return e.message;
  }
  const { sigOff, sigSize } = l;
  if (b.readUInt32BE(sigOff) !== CSMAGIC_EMBEDDED_SIGNATURE) return "signature is not a SuperBlob";
  if (sigOff + sigSize !== b.length) return `${b.length - sigOff - sigSize} bytes after the signature`;
  const count = b.readUInt32BE(sigOff + 8);
  for (let i = 0; i < count; i++) {
    const type = b.readUInt32BE(sigOff + 12 + i * 8);
    const cd = sigOff + b.readUInt32BE(sigOff + 16 + i * 8);
    if (type !== 0 || b.readUInt32BE(cd) !== CSMAGIC_CODEDIRECTORY) continue;
    const hashOffset = b.readUInt32BE(cd + 16);
    const nCodeSlots = b.readUInt32BE(cd + 28);
    const codeLimit = b.readUInt32BE(cd + 32);
    const hashSize = b[cd + 36]!;
    const hashType = b[cd + 37]!;
    const pageSize = 1 << b[cd + 39]!;
    if (hashType !== 2 || hashSize !== 32) return `unexpected hash type ${hashType}`;
    if (codeLimit !== sigOff) return `codeLimit ${codeLimit} != signature offset ${sigOff}`;
    if (nCodeSlots !== Math.ceil(codeLimit / pageSize)) return `${nCodeSlots} code slots for ${codeLimit} bytes`;
    let bad = 0;
    for (let s = 0; s < nCodeSlots; s++) {
      const page = b.subarray(s * pageSize, Math.min((s + 1) * pageSize, codeLimit));
      const want = b.subarray(cd + hashOffset + s * 32, cd + hashOffset + (s + 1) * 32);
      if (!createHash("sha256").update(page).digest().equals(want)) bad++;
    }
    const flags = b.readUInt32BE(cd + 12);
    const kind = flags & 0x2 ? "ad hoc" : "signed";
    return bad === 0 ? `ok (${kind}, ${nCodeSlots} pages)` : `${bad} of ${nCodeSlots} page hashes differ`;
  }
  return "no CodeDirectory";
}

/** The binary with a fresh ad-hoc signature replacing the existing one (which must be last). */
export function adhocSign(input: Buffer, identifier: string): Buffer {
  const l = layout(input);
  const codeLimit = l.sigOff; // everything before the old signature is code
  if (codeLimit % 16 !== 0) throw new Error("signature offset not 16-byte aligned");
  const nCodeSlots = Math.ceil(codeLimit / PAGE);
  const nSpecialSlots = 2; // -1 Info.plist (none), -2 requirements
  const ident = Buffer.from(identifier + "\0", "utf8");
  const HEADER = 88; // CodeDirectory version 0x20400 through execSegFlags
  const identOffset = HEADER;
  const hashOffset = identOffset + ident.length + nSpecialSlots * 32;
  const cdLength = hashOffset + nCodeSlots * 32;

  const requirements = Buffer.alloc(12);
  requirements.writeUInt32BE(CSMAGIC_REQUIREMENTS, 0);
  requirements.writeUInt32BE(12, 4);
  requirements.writeUInt32BE(0, 8);
  const cms = Buffer.alloc(8);
  cms.writeUInt32BE(CSMAGIC_BLOBWRAPPER, 0);
  cms.writeUInt32BE(8, 4);

  const blobLens = [cdLength, requirements.length, cms.length];
  const headerLen = 12 + blobLens.length * 8;
  const superLen = headerLen + blobLens.reduce((n, x) => n + x, 0);
  const sigLen = Math.ceil(superLen / 16) * 16;

  // Patch the load commands before hashing: they are part of the signed pages.
  const code = Buffer.from(input.subarray(0, codeLimit));
  code.writeUInt32LE(sigLen, l.sigCmd + 12);
  const leFileOff = code.readBigUInt64LE(l.linkedit + 40);
  const leFileSize = BigInt(codeLimit + sigLen) - leFileOff;
  code.writeBigUInt64LE(leFileSize, l.linkedit + 48);
  const leVmSize = code.readBigUInt64LE(l.linkedit + 32);
  if (leVmSize < leFileSize) code.writeBigUInt64LE(((leFileSize + 0x3fffn) / 0x4000n) * 0x4000n, l.linkedit + 32);

  const cd = Buffer.alloc(cdLength);
  cd.writeUInt32BE(CSMAGIC_CODEDIRECTORY, 0);
  cd.writeUInt32BE(cdLength, 4);
  cd.writeUInt32BE(0x20400, 8); // version
  cd.writeUInt32BE(0x2, 12); // flags: adhoc
  cd.writeUInt32BE(hashOffset, 16);
  cd.writeUInt32BE(identOffset, 20);
  cd.writeUInt32BE(nSpecialSlots, 24);
  cd.writeUInt32BE(nCodeSlots, 28);
  cd.writeUInt32BE(codeLimit, 32);
  cd[36] = 32; // hashSize
  cd[37] = 2; // hashType: SHA-256
  cd[38] = 0; // platform
  cd[39] = 12; // log2(page size)
  // spare2, scatterOffset, teamOffset, spare3, codeLimit64: zero
  cd.writeBigUInt64BE(l.textFileOff, 64); // execSegBase
  cd.writeBigUInt64BE(l.textFileSize, 72); // execSegLimit
  cd.writeBigUInt64BE(1n, 80); // execSegFlags: CS_EXECSEG_MAIN_BINARY
  ident.copy(cd, identOffset);
  createHash("sha256").update(requirements).digest().copy(cd, hashOffset - 2 * 32); // slot -2
  for (let s = 0; s < nCodeSlots; s++) {
    const page = code.subarray(s * PAGE, Math.min((s + 1) * PAGE, codeLimit));
    createHash("sha256").update(page).digest().copy(cd, hashOffset + s * 32);
  }

  const sig = Buffer.alloc(sigLen);
  sig.writeUInt32BE(CSMAGIC_EMBEDDED_SIGNATURE, 0);
  sig.writeUInt32BE(superLen, 4);
  sig.writeUInt32BE(3, 8);
  let at = headerLen;
  ([[0, cd], [2, requirements], [0x10000, cms]] as const).forEach(([type, blob], i) => {
    sig.writeUInt32BE(type, 12 + i * 8);
    sig.writeUInt32BE(at, 16 + i * 8);
    blob.copy(sig, at);
    at += blob.length;
  });
  const out = Buffer.concat([code, sig]);
  return out;
}
