#!/usr/bin/env python3
"""Writes the benchmark inputs, deterministically, into the folder given as argument."""
import datetime
import json
import os
import plistlib
import random
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(20261122)


def mixed(count, longest_text=70):
    values = {}
    for index in range(count):
        kind = index % 6
        key = "key%06d" % index
        if kind == 0:
            values[key] = "value %d %s" % (index, "x" * rng.randint(0, longest_text))
        elif kind == 1:
            values[key] = rng.randint(-2**40, 2**40)
        elif kind == 2:
            values[key] = rng.random() * 1000
        elif kind == 3:
            values[key] = bool(index % 4)
        elif kind == 4:
            values[key] = datetime.datetime(2020, 1, 1) + datetime.timedelta(seconds=index * 7919)
        else:
            values[key] = bytes(rng.getrandbits(8) for _ in range(16))
    return values


def nested(depth, breadth):
    if depth == 0:
        return {"leaf%d" % i: "text %d" % i for i in range(breadth)}
    return {"level%d_%d" % (depth, i): nested(depth - 1, breadth) for i in range(breadth)} | {
        "list": [depth, "item", 1.5, True]}


def palettes(count):
    emojis = "😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗🚙🚗🚘🚕🚖🏎🚚🛻🚛🚐"
    items = [{"emojis": emojis[i % 10:], "id": i + 1, "name": "Palette %d" % (i + 1)} for i in range(count)]
    return {"PaletteStore:Main": json.dumps(items, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()}


files = {
    "flat10": mixed(10),
    "flat1000": mixed(1000),
    "flat6000": mixed(6000),
    "palettes1000": palettes(1000),
    "flat100000": mixed(100000, longest_text=210),  # ~7 MB
    "nested": nested(5, 7),
    "flat1300": mixed(1300),  # ~75 KB, the mid-size domain of issue #15's targets (last, so the others stay as they were)
}
for name, value in files.items():
    with open(os.path.join(out, name + ".plist"), "wb") as handle:
        plistlib.dump(value, handle, sort_keys=True)

# Binary property lists (plistlib's FMT_BINARY), for the conversion and binary-domain rows.
binary_files = {
    "binary1000": mixed(1000),
    "binary140000": mixed(140000, longest_text=210),  # ~7 MB
}
for name, value in binary_files.items():
    with open(os.path.join(out, name + ".plist"), "wb") as handle:
        plistlib.dump(value, handle, fmt=plistlib.FMT_BINARY, sort_keys=True)

def manifest(domain, values):
    """A preference manifest naming every key of `values` with its type and a rule each meets."""
    keys = []
    for key, value in values.items():
        entry = {"pfm_name": key, "pfm_description": "The value of %s." % key}
        if isinstance(value, bool):
            entry["pfm_type"] = "boolean"
        elif isinstance(value, int):
            entry.update(pfm_type="integer", pfm_range_min=-2**41, pfm_range_max=2**41)
        elif isinstance(value, float):
            entry.update(pfm_type="real", pfm_range_min=0.0, pfm_range_max=1000.0)
        elif isinstance(value, str):
            entry.update(pfm_type="string", pfm_format="value [0-9]+ x*")
        elif isinstance(value, datetime.datetime):
            entry["pfm_type"] = "date"
        else:
            entry["pfm_type"] = "data"
        keys.append(entry)
    return {"pfm_domain": domain, "pfm_format_version": 1, "pfm_subkeys": keys}


with open(os.path.join(out, "flat1000.manifest.plist"), "wb") as handle:
    plistlib.dump(manifest("flat1000", files["flat1000"]), handle, sort_keys=True)

# A repository's worth of property lists for `validate` over a folder: 342 files in 9 folders,
# most small like Info.plist files, some larger, and a .git folder that prefs skips.
tree = os.path.join(out, "tree342")
for index in range(342):
    folder = os.path.join(tree, "Module%d" % (index % 9), "Resources" if index % 2 else "")
    os.makedirs(folder, exist_ok=True)
    size = 400 if index % 40 == 0 else rng.randint(5, 60)
    with open(os.path.join(folder, "File%03d.plist" % index), "wb") as handle:
        plistlib.dump(mixed(size), handle, sort_keys=True)
os.makedirs(os.path.join(tree, ".git", "objects"), exist_ok=True)
for index in range(20):
    with open(os.path.join(tree, ".git", "objects", "Skipped%d.plist" % index), "wb") as handle:
        plistlib.dump(mixed(10), handle, sort_keys=True)
