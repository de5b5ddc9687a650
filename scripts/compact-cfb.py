#!/usr/bin/env python3
"""Rewrites an OLE compound file (version 3, 512-byte sectors) without its free and emptied
sectors, keeping every directory entry and stream byte for byte. Used by
make-office-roundtrip-fixtures.sh after it empties the ppt's 440 KB thumbnail stream, so the
committed fixture is small.  Usage: compact-cfb.py FILE [STREAM_NAME_TO_EMPTY ...]"""
import struct
import sys

END, FREE, FATSECT = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD
SS, MSS, CUTOFF = 512, 64, 4096


def read(path):
    b = open(path, 'rb').read()
    assert b[:8] == bytes.fromhex('d0cf11e0a1b11ae1'), 'not a compound file'
    assert 1 << struct.unpack_from('<H', b, 0x1E)[0] == SS, 'only 512-byte sectors'
    nfat, dir_start, _, _, minifat_start, nminifat, difat_start, _ = struct.unpack_from('<8I', b, 0x2C)
    fat_secs = list(struct.unpack_from('<109I', b, 0x4C))[:nfat]
    s = difat_start
    while len(fat_secs) < nfat and s < 0xFFFFFFFA:
        vals = struct.unpack_from('<128I', b, (s + 1) * SS)
        fat_secs += list(vals[:127])[: nfat - len(fat_secs)]
        s = vals[127]
    fat = []
    for fs in fat_secs:
        fat += struct.unpack_from('<128I', b, (fs + 1) * SS)

    def chain(start, table):
        out, s = [], start
        while s < 0xFFFFFFFA and len(out) <= len(table):
            out.append(s)
            s = table[s]
        return out

    def big(start, size):
        data = b''.join(b[(s + 1) * SS:(s + 2) * SS] for s in chain(start, fat))
        return data[:size]

    dir_bytes = big(dir_start, 1 << 30)
    entries = [bytearray(dir_bytes[i:i + 128]) for i in range(0, len(dir_bytes), 128)]
    minifat = list(struct.unpack('<%dI' % (nminifat * 128), big(minifat_start, nminifat * SS))) if nminifat else []
    root = entries[0]
    ministream = big(struct.unpack_from('<I', root, 116)[0], struct.unpack_from('<I', root, 120)[0])
    streams = {}
    for i, e in enumerate(entries):
        if e[66] != 2:  # 2 = stream
            continue
        start, size = struct.unpack_from('<II', e, 116)
        if size == 0:
            streams[i] = b''
        elif size < CUTOFF:
            streams[i] = b''.join(ministream[s * MSS:(s + 1) * MSS] for s in chain(start, minifat))[:size]
        else:
            streams[i] = big(start, size)
    return b, entries, streams


def name_of(e):
    n = struct.unpack_from('<H', e, 64)[0]
    return bytes(e[:max(0, n - 2)]).decode('utf-16le', 'replace')


def write(path, header, entries, streams):
    sectors = []  # 512-byte payloads in file order (sector i at offset (i+1)*512)
    fat = []

    def put(data):
        if not data:
            return END
        first = len(sectors)
        n = (len(data) + SS - 1) // SS
        for k in range(n):
            sectors.append(data[k * SS:(k + 1) * SS].ljust(SS, b'\0'))
            fat.append(first + k + 1 if k < n - 1 else END)
        return first

    mini, minifat = bytearray(), []
    for i, data in sorted(streams.items()):
        e = entries[i]
        if len(data) >= CUTOFF:
            struct.pack_into('<II', e, 116, put(data), len(data))
        elif data:
            first = len(mini) // MSS
            n = (len(data) + MSS - 1) // MSS
            mini += data.ljust(n * MSS, b'\0')
            minifat += [first + k + 1 if k < n - 1 else END for k in range(n)]
            struct.pack_into('<II', e, 116, first, len(data))
        else:
            struct.pack_into('<II', e, 116, END, 0)
    struct.pack_into('<II', entries[0], 116, put(bytes(mini)), len(mini))
    mf = b''.join(struct.pack('<I', v) for v in minifat)
    mf += struct.pack('<I', FREE) * ((-len(minifat)) % 128)
    minifat_start = put(mf)
    dir_data = b''.join(bytes(e) for e in entries)
    dir_start = put(dir_data)
    nfat = 1
    while (len(fat) + nfat + 127) // 128 > nfat:
        nfat += 1
    assert nfat <= 109, 'too large for the header DIFAT'
    fat_first = len(sectors)
    fat += [FATSECT] * nfat
    fat += [FREE] * (nfat * 128 - len(fat))
    for k in range(nfat):
        sectors.append(b''.join(struct.pack('<I', v) for v in fat[k * 128:(k + 1) * 128]))
    h = bytearray(header[:SS])
    struct.pack_into('<8I', h, 0x2C, nfat, dir_start, 0, CUTOFF, minifat_start, len(mf) // SS, END, 0)
    difat = [fat_first + k for k in range(nfat)] + [FREE] * (109 - nfat)
    struct.pack_into('<109I', h, 0x4C, *difat)
    open(path, 'wb').write(bytes(h) + b''.join(sectors))


def main():
    path, empty = sys.argv[1], set(sys.argv[2:])
    header, entries, streams = read(path)
    for i in list(streams):
        # Property-set streams start with a control character (\x05SummaryInformation).
        if name_of(entries[i]).lstrip('\x01\x05') in empty:
            streams[i] = b''
    write(path, header, entries, streams)


main()
