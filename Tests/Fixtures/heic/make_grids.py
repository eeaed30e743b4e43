#!/usr/bin/env python3
"""Writes HEIC files whose primary image is a grid, byte by byte, around the
one HEVC tile of tall.heic (its hvcC box and coded bytes): what no encoder
here writes, for the grid limits. Every tile is its own hidden item, all
pointing at the same coded bytes. Part of make_heif_fixtures.sh.

- grid2x2.heic      a valid 2x2 grid of the 32x64 tile: a 64x128 image.
- grid-bomb.heic    16x16 = 256 tiles (8 MB of tile pixels) for a 32x64 image.
- grid-nested.heic  a 1x2 grid whose first tile is itself a grid.
- grid-cycle.heic   a 1x1 grid whose tile is the grid itself.
"""
import struct


def box(kind, body):
    return struct.pack('>I', 8 + len(body)) + kind + body


def full(kind, version, flags, body):
    return box(kind, struct.pack('>I', version << 24 | flags) + body)


def tile_parts(path):
    """The hvcC box and the coded bytes of the first hvc1 item (iloc version 1, 4-byte offsets)."""
    data = open(path, 'rb').read()
    at = data.index(b'hvcC') - 4
    hvcc = data[at:at + struct.unpack('>I', data[at:at + 4])[0]]
    iloc = data.index(b'iloc') + 4
    assert data[iloc] == 1 and data[iloc + 4:iloc + 6] == b'\x44\x40'
    count = struct.unpack('>H', data[iloc + 6:iloc + 8])[0]
    at = iloc + 8
    for _ in range(count):
        item, method, _, base, extents = struct.unpack('>HHHIH', data[at:at + 12])
        offset, length = struct.unpack('>II', data[at + 12:at + 20])
        if method & 15 == 0:
            return hvcc, data[base + offset:base + offset + length]
        at += 12 + 8 * extents
    raise SystemExit('no tile in ' + path)


def heif(hvcc, coded, tiles, grids, primary):
    """tiles: item IDs of 32x64 tiles; grids: (id, rows, columns, width, height, input IDs)."""
    items = [(t, b'hvc1', True) for t in tiles] + [(g[0], b'grid', g[0] != primary) for g in grids]
    iinf = full(b'iinf', 0, 0, struct.pack('>H', len(items)) + b''.join(
        full(b'infe', 2, 1 if hidden else 0, struct.pack('>HH', item, 0) + kind + b'\0') for item, kind, hidden in items))
    idat = b''.join(struct.pack('>BBBBHH', 0, 0, rows - 1, columns - 1, w, h) for _, rows, columns, w, h, _ in grids)
    properties = [hvcc, full(b'ispe', 0, 0, struct.pack('>II', 32, 64))]
    properties += [full(b'ispe', 0, 0, struct.pack('>II', g[3], g[4])) for g in grids]
    ipma = [struct.pack('>HBBB', t, 2, 0x81, 2) for t in tiles]
    ipma += [struct.pack('>HBB', g[0], 1, 3 + i) for i, g in enumerate(grids)]
    iref = full(b'iref', 0, 0, b''.join(
        box(b'dimg', struct.pack('>HH', g[0], len(g[5])) + b''.join(struct.pack('>H', i) for i in g[5])) for g in grids))

    def meta(mdat_offset):
        locations = [struct.pack('>HHHHII', t, 0, 0, 1, mdat_offset, len(coded)) for t in tiles]
        locations += [struct.pack('>HHHHII', g[0], 1, 0, 1, 8 * i, 8) for i, g in enumerate(grids)]
        iloc = full(b'iloc', 1, 0, b'\x44\x00' + struct.pack('>H', len(locations)) + b''.join(locations))
        return full(b'meta', 0, 0, b''.join([
            full(b'hdlr', 0, 0, b'\0' * 4 + b'pict' + b'\0' * 13), full(b'pitm', 0, 0, struct.pack('>H', primary)),
            iinf, box(b'idat', idat), iloc,
            box(b'iprp', box(b'ipco', b''.join(properties)) + full(b'ipma', 0, 0, struct.pack('>I', len(ipma)) + b''.join(ipma))),
            iref]))

    ftyp = box(b'ftyp', b'heic' + b'\0' * 4 + b'mif1heicmiaf')
    offset = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(offset) + box(b'mdat', coded)


def main():
    hvcc, coded = tile_parts('tall.heic')
    files = {
        'grid2x2.heic': heif(hvcc, coded, [1, 2, 3, 4], [(100, 2, 2, 64, 128, [1, 2, 3, 4])], 100),
        'grid-bomb.heic': heif(hvcc, coded, list(range(1, 257)), [(1000, 16, 16, 32, 64, list(range(1, 257)))], 1000),
        'grid-nested.heic': heif(hvcc, coded, [1], [(100, 1, 2, 64, 64, [101, 1]), (101, 1, 1, 32, 64, [1])], 100),
        'grid-cycle.heic': heif(hvcc, coded, [1], [(100, 1, 1, 32, 64, [100])], 100),
    }
    for name, data in files.items():
        with open(name, 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
