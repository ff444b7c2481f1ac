#!/usr/bin/env python3
"""png_props.py - properties of a PNG screenshot, for the browser test.

Prints one line: width height colours background_fraction cell0 cell1 cell2
  colours              distinct RGB colours
  background_fraction  share of pixels in the most common colour
  cellN                pixels of exactly the board's colour class N
                       (render/board_svg.c: #b07a45 #dcb68a #f3e3c7)
With --count RRGGBB,RRGGBB,... the cellN fields are the pixels of exactly
those colours instead (the matrix page's pass and fail cells, for example).
Reads 8-bit RGB/RGBA PNGs (what Chromium writes) with the standard library.
Usage: png_props.py FILE.png [--count RRGGBB,...]
"""
import struct
import sys
import zlib
from collections import Counter

CELL_COLOURS = [(0xb0, 0x7a, 0x45), (0xdc, 0xb6, 0x8a), (0xf3, 0xe3, 0xc7)]


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type = header[:4]
    if depth != 8 or colour_type not in (2, 6):
        sys.exit(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type})")
    return width, height, 3 if colour_type == 2 else 4, zlib.decompress(idat)


def unfilter(width, height, bpp, raw):
    stride, rows, prev, pos = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return rows


def main():
    width, height, bpp, raw = read_png(sys.argv[1])
    counts = Counter()
    for line in unfilter(width, height, bpp, raw):
        for x in range(0, width * bpp, bpp):
            counts[bytes(line[x:x + 3])] += 1
    total = width * height
    wanted = CELL_COLOURS
    if len(sys.argv) > 3 and sys.argv[2] == "--count":
        wanted = [bytes.fromhex(c) for c in sys.argv[3].split(",")]
    cells = [counts.get(bytes(c), 0) for c in wanted]
    print(width, height, len(counts), "%.3f" % (counts.most_common(1)[0][1] / total), *cells)


if __name__ == "__main__":
    main()
