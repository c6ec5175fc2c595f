#!/usr/bin/env python3
"""Writes the inputs of issue #30's time shapes, deterministically, into the folder given as argument.

  format-1k.plist, format-1m.plist   1,000 and 50,000 (1 MB) strings of 20 characters, each to
                                     match format.manifest.plist's pfm_format
  range.plist                        60,000 values (2.4 MB) of range.manifest.plist's pfm_range_list
                                     of 10,000 choices (370 KB): strings, integers and reals
  files/                             8,000 empty files, for `prefs validate --any-format -- files/*`

  python3 Benchmarks/shapes.py /tmp/shapes
  time prefs validate -q --manifest /tmp/shapes/format.manifest.plist /tmp/shapes/format-1m.plist
"""
import os
import plistlib
import random
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(20261128)
letters = "abcdefghijklmnopqrstuvwxyz0123456789"
# A format of about 27,000 instructions, too many for eager automaton states: a match builds
# each state it needs, of thousands of instructions apiece (17.7 s for 1,000 strings in issue #30).
FORMAT = "((.?){1000}){1,9}"


def dump(name, value):
    with open(os.path.join(out, name), "wb") as handle:
        plistlib.dump(value, handle, sort_keys=False)


def manifest(entry):
    return {"pfm_domain": "shapes", "pfm_format_version": 1, "pfm_subkeys": [
        {"pfm_name": "values", "pfm_type": "array", "pfm_subkeys": [entry]}]}


def word():
    return "".join(rng.choice(letters) for _ in range(20))


dump("format.manifest.plist", manifest({"pfm_type": "string", "pfm_format": FORMAT}))
dump("format-1k.plist", {"values": [word() for _ in range(1000)]})
dump("format-1m.plist", {"values": [word() for _ in range(50_000)]})

# Reals as whole numbers too, so that integers meet reals of the same value.
choices = ["choice-%05d-%s" % (index, word()[:8]) for index in range(10_000)]
dump("range.manifest.plist", manifest({"pfm_type": "string", "pfm_range_list": choices}))
dump("range.plist", {"values": [rng.choice(choices) for _ in range(60_000)]})
numbers = [index * 3 for index in range(5_000)] + [index + 0.5 for index in range(5_000)]
dump("range-real.manifest.plist", manifest({"pfm_type": "real", "pfm_range_list": numbers}))
dump("range-real.plist", {"values": [float(n) if rng.random() < 0.5 and isinstance(n, int) else n
                                     for n in (rng.choice(numbers) for _ in range(100_000))]})

files = os.path.join(out, "files")
os.makedirs(files, exist_ok=True)
for index in range(8_000):
    open(os.path.join(files, "f%05d.plist" % index), "wb").close()
