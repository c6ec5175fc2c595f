"""The text around swift-argument-parser's manual generator, for CLI/manual.sh.

The generator drops every character that is not ASCII, and leaves a blank line between a
discussion's paragraphs, which mdoc warns of each time the page is shown.
  python3 CLI/manual-text.py encode   copies standard input to output, each character that is
                                      not ASCII written as QQU<hex>QQ (prefs' help, for the generator)
  python3 CLI/manual-text.py decode   copies the generated page, each QQU<hex>QQ written as groff's
                                      \\[uXXXX] and each blank line as .Pp (the same paragraph break)
"""

import re
import sys

sys.stdin.reconfigure(encoding="utf-8")
sys.stdout.reconfigure(encoding="utf-8")
text = sys.stdin.read()
if sys.argv[1:] == ["encode"]:
    sys.stdout.write("".join(c if ord(c) < 128 else "QQU%XQQ" % ord(c) for c in text))
elif sys.argv[1:] == ["decode"]:
    text = re.sub(r"QQU([0-9A-F]+)QQ", lambda m: "\\[u%04X]" % int(m.group(1), 16), text)
    sys.stdout.write(re.sub(r"(?m)^\n", ".Pp\n", text))
else:
    sys.exit("usage: python3 CLI/manual-text.py encode|decode")
