#!/usr/bin/env python3
"""Writes the binary property list fixtures in Binary/ and Binary/Hostile/.

Run `python3 make_binary.py` in this folder (CPython 3.11 made the committed files).

Binary/<name>.bplist: written by CPython's plistlib (plistlib.dumps(value, fmt=FMT_BINARY)),
an implementation independent of prefs; BinaryReaderTests reads each to the value it names.
Binary/crafted_<name>.bplist: forms plistlib's writer never makes (16-byte integers below
2^63, 4-byte reals, 3-byte offsets, UTF-16 surrogate pairs, 2-byte UIDs), assembled by
`assemble` below from object bytes spelled out by hand after CoreFoundation's CFBinaryPList.c.
Binary/Hostile/<name>.bplist: files every reader must refuse (cycles, shared-reference bombs,
lying trailers, out-of-range offsets and references, huge counts, truncation, deep nesting,
128-bit integers beyond UInt64, lone surrogates, sets, null, non-string keys).
"""
import datetime
import os
import plistlib
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(path, data):
    with open(os.path.join(HERE, path), "wb") as f:
        f.write(data)


def assemble(objects, top=0, ref_size=1, offset_size=None, count=None, table_offset=None, tail=b"", offsets=None):
    """A bplist00 file of `objects` (bytes each), with a trailer that may lie; `offsets`, if
    given, is the offset table instead of the objects' own offsets."""
    body = bytearray(b"bplist00")
    own_offsets = []
    for obj in objects:
        own_offsets.append(len(body))
        body += obj
    offsets = own_offsets if offsets is None else offsets
    real_table = len(body)
    if offset_size is None:
        offset_size = 1 if real_table < 256 else 2 if real_table < 65536 else 4
    for offset in offsets:
        body += offset.to_bytes(offset_size, "big")
    body += bytes(6) + bytes([offset_size, ref_size])
    body += struct.pack(">QQQ", len(offsets) if count is None else count, top,
                        real_table if table_offset is None else table_offset)
    return bytes(body) + tail


def patch(data, position, replacement):
    """`data` with the bytes at `position` (negative: from the end) replaced."""
    data = bytearray(data)
    position %= len(data)
    data[position:position + len(replacement)] = replacement
    return bytes(data)


def refs(*numbers, size=1):
    return b"".join(n.to_bytes(size, "big") for n in numbers)


# Golden files from plistlib's writer.
GOLDEN = {
    "scalars": {
        "string": "Ada Lovelace", "empty": "", "integer": 42, "negative": -7, "zero": 0,
        "int64min": -(2**63), "int64max": 2**63 - 1, "uint64max": 2**64 - 1, "above_int64": 2**63,
        "byte": 255, "short": 65535, "word": 2**32 - 1, "true": True, "false": False,
        "real": 1.5, "negativeReal": -2.25, "tiny": 5e-324,
        "date": datetime.datetime(2024, 2, 29, 12, 34, 56), "epoch2001": datetime.datetime(2001, 1, 1),
        "before2001": datetime.datetime(1969, 7, 20, 20, 17, 40), "early": datetime.datetime(1, 1, 1),
        "late": datetime.datetime(9999, 12, 31, 23, 59, 59),
    },
    "unicode": {"café": "NFC", "cafe\u0301": "NFD", "emoji😀": "👨‍👩‍👧", "日本": "語", "long": "é" * 40},
    "containers": {"emptyDict": {}, "emptyArray": [], "nested": {"a": [1, [2, [3, {"b": []}]], {}], "c": {"d": {"e": "f"}}},
                   "long": list(range(20)), "shared": ["x", "x", "x"]},
    "data": {"empty": b"", "short": b"\x00\x01\x02", "long": bytes(range(256)) * 3},
    "uid": {"$top": {"root": plistlib.UID(1)}, "$objects": ["$null", plistlib.UID(300), plistlib.UID(2**32 - 1)]},
    "root_array": ["one", 2, [3], {"four": 4}],
    "root_string": "just a string",
    "many_objects": {"k%03d" % i: "v%03d" % i for i in range(300)},
}

# Forms only a hand-made file has; each object's bytes as CoreFoundation defines them.
CRAFTED = {
    # {"small": 16-byte 5, "negative": 16-byte -1, "float": 4-byte 1.5, "utf16": "a😀"}
    "crafted_forms": assemble([
        b"\xd4" + refs(1, 2, 3, 4, 5, 6, 7, 8),
        b"\x55small", b"\x58negative", b"\x55float", b"\x55utf16",
        b"\x14" + (5).to_bytes(16, "big", signed=True),
        b"\x14" + (-1).to_bytes(16, "big", signed=True),
        b"\x22" + struct.pack(">f", 1.5),
        b"\x63" + "a😀".encode("utf-16-be"),
    ]),
    # ["x", UID 258] with 3-byte offsets and 2-byte references (wider than needed, still valid)
    "crafted_widths": assemble([b"\xa2" + refs(1, 2, size=2), b"\x51x", b"\x81\x01\x02"], ref_size=2, offset_size=3),
}


def hostile():
    files = {}
    files["cycle_self"] = assemble([b"\xa1" + refs(0)])
    files["cycle_pair"] = assemble([b"\xa1" + refs(1), b"\xa1" + refs(0)])
    files["cycle_dict"] = assemble([b"\xd1" + refs(1, 0), b"\x51k"])
    # 40 arrays each holding the next one twice: 2^40 leaves once expanded.
    files["bomb_arrays"] = assemble([b"\xa2" + refs(i + 1, i + 1) for i in range(40)] + [b"\x09"])
    # 30 dictionaries each holding the next one under two keys.
    files["bomb_dicts"] = assemble([b"\xd2" + refs(31, 32, i + 1, i + 1) for i in range(30)] + [b"\x09", b"\x51a", b"\x51b"])
    # A 60,000-byte string shared 2,000 times: 120 MB of text once expanded.
    files["bomb_strings"] = assemble([b"\xaf\x11" + (2000).to_bytes(2, "big") + refs(*([1] * 2000)),
                                      b"\x4f\x11" + (60000).to_bytes(2, "big") + b"x" * 60000])
    files["offset_out_of_range"] = patch(assemble([b"\xa1" + refs(1), b"\x09"]), -33, b"\x7f")
    files["reference_out_of_range"] = assemble([b"\xa1" + refs(9), b"\x09"])
    files["top_out_of_range"] = assemble([b"\x09"], top=5)
    files["count_lies_high"] = assemble([b"\x09"], count=2**40)
    files["count_lies_zero"] = assemble([b"\x09"], count=0)
    files["table_offset_lies"] = assemble([b"\x09"], table_offset=2**63)
    files["offset_size_zero"] = patch(assemble([b"\x09"]), -26, b"\x00")
    files["ref_size_too_small"] = assemble([b"\xa1" + refs(1)] + [b"\x09"] * 300)
    files["array_count_huge"] = assemble([b"\xaf\x13" + (2**62).to_bytes(8, "big"), b"\x09"])
    files["data_length_huge"] = assemble([b"\x4f\x13" + (2**63 - 1).to_bytes(8, "big")])
    files["string_length_past_end"] = assemble([b"\x5e" + b"abc"])
    files["utf16_length_past_end"] = assemble([b"\x6f\x10\xff" + b"\x00a"])
    files["truncated_trailer"] = assemble([b"\x09"])[:-5]
    files["truncated_object"] = assemble([b"\x13\x00\x00"])
    files["empty_after_magic"] = b"bplist00"
    files["wrong_version"] = b"bplist15" + assemble([b"\x09"])[8:]
    nested = [b"\xa1" + refs(i + 1, size=2) for i in range(300)] + [b"\x09"]
    files["deep_nesting"] = assemble(nested, ref_size=2)
    files["int128_above_uint64"] = assemble([b"\x14" + (2**64).to_bytes(16, "big", signed=True)])
    files["int128_below_int64"] = assemble([b"\x14" + (-(2**63) - 1).to_bytes(16, "big", signed=True)])
    files["int_32_bytes"] = assemble([b"\x15" + bytes(32)])
    files["utf16_lone_high"] = assemble([b"\x62" + "a".encode("utf-16-be") + b"\xd8\x00"])
    files["utf16_lone_low"] = assemble([b"\x61\xdc\x00"])
    files["ascii_high_byte"] = assemble([b"\x53a\xe9b"])
    files["set"] = assemble([b"\xc1" + refs(1), b"\x09"])
    files["null"] = assemble([b"\x00"])
    files["fill"] = assemble([b"\x0f"])
    files["unknown_marker"] = assemble([b"\x70"])
    files["key_not_string"] = assemble([b"\xd1" + refs(1, 1), b"\x10\x01"])
    files["duplicate_key"] = assemble([b"\xd2" + refs(1, 1, 2, 2), b"\x51k", b"\x09"])
    files["date_nan"] = assemble([b"\x33" + struct.pack(">d", float("nan"))])
    files["date_year_10000"] = assemble([b"\x33" + struct.pack(">d", 3e11)])
    files["real_2_bytes"] = assemble([b"\x21\x00\x00"])
    files["uid_9_bytes"] = assemble([b"\x88" + bytes(9)])
    files["length_not_integer"] = assemble([b"\x5f\x23" + bytes(8)])
    # One array of 300 references named by 300 entries of the offset table: counted once per
    # entry, 90,000 references from 1,500 bytes (a 1.6 MB file so made took 35 s to read).
    shared = b"\xaf\x11" + (300).to_bytes(2, "big") + refs(*([300] * 300), size=2)
    files["shared_offsets"] = assemble([shared, b"\x09"], ref_size=2, offsets=[8] * 300 + [8 + len(shared)])
    # 100 arrays whose 4-byte headers follow each other, each running over the next ones'
    # headers to a common tail of 400 references: distinct offsets, overlapping references.
    headers = b"".join(b"\xaf\x11" + ((4 * (99 - k) + 800) // 2).to_bytes(2, "big") for k in range(100))
    files["overlapping_arrays"] = assemble([headers + refs(*([100] * 400), size=2), b"\x09"], ref_size=2,
                                           offsets=[8 + 4 * k for k in range(100)] + [8 + len(headers) + 800])
    return files


if __name__ == "__main__":
    for name, value in GOLDEN.items():
        write("Binary/%s.bplist" % name, plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
    for name, data in CRAFTED.items():
        write("Binary/%s.bplist" % name, data)
    for name, data in hostile().items():
        write("Binary/Hostile/%s.bplist" % name, data)
