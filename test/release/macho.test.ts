import { test, expect } from "bun:test";
import { createHash } from "node:crypto";
import { adhocSign, verifyMachoSignature } from "../../build/macho.ts";

// A minimal 64-bit Mach-O: header, __TEXT and __LINKEDIT segments, LC_CODE_SIGNATURE pointing
// at a stale signature at the end (what Bun leaves in a cross-compiled darwin-x64 binary).
function machO(codeBytes: number): Buffer {
  const b = Buffer.alloc(codeBytes + 64);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeInt32LE(0x01000007, 4);
  b.writeUInt32LE(2, 12); // MH_EXECUTE
  b.writeUInt32LE(3, 16); // ncmds
  b.writeUInt32LE(72 * 2 + 16, 20);
  let off = 32;
  const seg = (name: string, fileoff: number, filesize: number) => {
    b.writeUInt32LE(0x19, off);
    b.writeUInt32LE(72, off + 4);
    b.write(name, off + 8, "latin1");
    b.writeBigUInt64LE(BigInt(filesize), off + 32); // vmsize
    b.writeBigUInt64LE(BigInt(fileoff), off + 40);
    b.writeBigUInt64LE(BigInt(filesize), off + 48);
    off += 72;
  };
  seg("__TEXT", 0, 8192);
  seg("__LINKEDIT", 8192, codeBytes + 64 - 8192);
  b.writeUInt32LE(0x1d, off);
  b.writeUInt32LE(16, off + 4);
  b.writeUInt32LE(codeBytes, off + 8);
  b.writeUInt32LE(64, off + 12);
  for (let i = 400; i < codeBytes; i++) b[i] = (i * 7) & 0xff;
  b.writeUInt32BE(0xfade0cc0, codeBytes); // a SuperBlob with no CodeDirectory
  b.writeUInt32BE(12, codeBytes + 4);
  return b;
}

test("a stale signature is reported, and adhocSign produces one whose page hashes match", () => {
  const input = machO(3 * 4096 + 1008); // last page partial: hashed truncated, as the kernel does
  expect(verifyMachoSignature(input)).toBe("no CodeDirectory");
  const signed = adhocSign(input, "agentgrep");
  expect(verifyMachoSignature(signed)).toBe("ok (ad hoc, 4 pages)");
  // Independent of verifyMachoSignature: recompute page 3 (partial) and compare with slot 3.
  const sigOff = signed.readUInt32LE(32 + 144 + 8);
  const cd = sigOff + signed.readUInt32BE(sigOff + 16);
  const hashOffset = signed.readUInt32BE(cd + 16);
  const want = createHash("sha256").update(signed.subarray(3 * 4096, sigOff)).digest();
  expect(signed.subarray(cd + hashOffset + 3 * 32, cd + hashOffset + 4 * 32).equals(want)).toBe(true);
  // The load commands now describe the new signature, which ends the file.
  expect(sigOff + signed.readUInt32LE(32 + 144 + 12)).toBe(signed.length);
  const leFileSize = Number(signed.readBigUInt64LE(32 + 72 + 48));
  expect(8192 + leFileSize).toBe(signed.length);
  expect(signed.subarray(cd + 88, cd + 98).toString()).toBe("agentgrep\0");
});

test("a modified page after signing is caught", () => {
  const signed = adhocSign(machO(2 * 4096 + 16), "agentgrep");
  signed[5000] ^= 1;
  expect(verifyMachoSignature(signed)).toBe("1 of 3 page hashes differ");
});
