/**
 * The ZIP byte layout (APPNOTE 4.3.7, 4.3.12, 4.3.16): signatures, header sizes and the offsets
 * of the fields within each header, little-endian. One table for the reader (zip.ts), the writer
 * (zip-writer.ts) and the fuzzer, which writes honest archives with the writer and then patches
 * its lies at these offsets: the writer itself only ever writes true sizes and offsets.
 */
export const ZIP_LAYOUT = {
  local: {
    signature: 0x04034b50,
    size: 30,
    versionNeeded: 4,
    flags: 6,
    method: 8,
    crc32: 14,
    compressedSize: 18,
    uncompressedSize: 22,
    nameLength: 26,
    extraLength: 28,
  },
  central: {
    signature: 0x02014b50,
    size: 46,
    versionMadeBy: 4,
    versionNeeded: 6,
    flags: 8,
    method: 10,
    crc32: 16,
    compressedSize: 20,
    uncompressedSize: 24,
    nameLength: 28,
    extraLength: 30,
    commentLength: 32,
    localHeaderOffset: 42,
  },
  end: {
    signature: 0x06054b50,
    size: 22,
    entriesOnDisk: 8,
    entries: 10,
    directorySize: 12,
    directoryOffset: 16,
    /** The archive comment may be up to this long, so the end record is searched that far back. */
    maxComment: 0xffff,
  },
  zip64Locator: { signature: 0x07064b50, size: 20, endOffset: 8 },
  zip64End: { signature: 0x06064b50, size: 56, entries: 32, directorySize: 40, directoryOffset: 48 },
  /** General-purpose flags: bit 0 encrypted, bit 11 the name is UTF-8. */
  flagEncrypted: 0x1,
  flagUtf8: 0x800,
  methodStored: 0,
  methodDeflate: 8,
  /** The extra field holding 64-bit sizes and offset. */
  zip64ExtraId: 0x0001,
} as const;
