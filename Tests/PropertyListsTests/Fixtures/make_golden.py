#!/usr/bin/env python3
"""Writes Golden/*.plist with Python's plistlib, an implementation independent of prefs.

Each value is one plistlib and CoreFoundation write identically: no reals whose repr differs
from %.17g, no keys whose code point and UTF-16 orders differ, no carriage returns, data nested
less than 8 deep. WriterGoldenTests builds the same values in Swift and compares bytes.
Run from this folder: python3 make_golden.py
"""
import datetime
import os
import plistlib

golden = {
    "scalars": {
        "string": "Ada Lovelace", "empty": "", "integer": 42, "negative": -7, "zero": 0,
        "int64min": -9223372036854775808, "uint64max": 18446744073709551615,
        "true": True, "false": False, "real": 1.5, "negativeReal": -2.25, "half": 0.5,
        "date": datetime.datetime(2024, 2, 29, 12, 34, 56), "epoch": datetime.datetime(1970, 1, 1),
        "early": datetime.datetime(1, 1, 1), "late": datetime.datetime(9999, 12, 31, 23, 59, 59),
    },
    "escaping": {"a&b": "x < y > z & w", "quote\"apostrophe'": "\"'", "tab": "a\tb", "newline": "line1\nline2"},
    "unicode": {"café": "NFC", "cafe\u0301": "NFD", "emoji😀": "👨‍👩‍👧", "日本": "語", "flag": "🏳️‍🌈"},
    "containers": {"emptyDict": {}, "emptyArray": [], "nested": {"a": [1, [2, [3, {"b": []}]], {}], "c": {"d": {"e": "f"}}}},
    "data": {"empty": b"", "short": b"\x00\x01\x02", "exact57": bytes(range(57)), "long": bytes(range(256)) * 3,
             "deep": [[[[[[bytes(range(100))]]]]]]},
    "root_array": ["one", 2, [3], {"four": 4}],
    "root_string": "just a string",
}

os.makedirs("Golden", exist_ok=True)
for name, value in golden.items():
    with open(os.path.join("Golden", name + ".plist"), "wb") as handle:
        plistlib.dump(value, handle, sort_keys=True)
print("%d files" % len(golden))
