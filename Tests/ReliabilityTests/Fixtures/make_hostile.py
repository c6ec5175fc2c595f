#!/usr/bin/env python3
"""Writes the hostile and broken property list corpus into Hostile/.

Every file here must be refused by `prefs validate` with FILE:LINE, in bounded time and memory,
without opening any other file or the network. Run from this folder: python3 make_hostile.py
Huge inputs (100,000-deep nesting, a 100 MB string) and inputs that need paths of the test
machine (a FIFO as DTD, a planted secret) are made by HostileFileTests at test time instead.
"""
import os

HEADER = b'<?xml version="1.0" encoding="UTF-8"?>\n'
APPLE = b'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
VALID = HEADER + APPLE + b'<plist version="1.0">\n<dict>\n\t<key>name</key>\n\t<string>Ada</string>\n\t<key>size</key>\n\t<integer>12</integer>\n</dict>\n</plist>\n'


def plist(body, doctype=APPLE):
    return HEADER + doctype + b'<plist version="1.0">\n' + body + b'\n</plist>\n'


files = {
    # External entities, DTDs and the network
    "xxe_file_passwd.plist": HEADER + b'<!DOCTYPE plist [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<plist version="1.0"><string>&x;</string></plist>\n',
    "xxe_http.plist": HEADER + b'<!DOCTYPE plist [\n<!ENTITY x SYSTEM "http://127.0.0.1:9/secret">\n]>\n<plist version="1.0"><string>&x;</string></plist>\n',
    "xxe_parameter_entity.plist": HEADER + b'<!DOCTYPE plist [\n<!ENTITY % p SYSTEM "http://127.0.0.1:9/evil.dtd">\n%p;\n]>\n<plist version="1.0"><string>x</string></plist>\n',
    "xxe_parameter_entity_file.plist": HEADER + b'<!DOCTYPE plist [\n<!ENTITY % p SYSTEM "file:///etc/passwd">\n%p;\n]>\n<plist version="1.0"><string>x</string></plist>\n',
    "external_dtd_http.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist SYSTEM "http://127.0.0.1:9/evil.dtd">\n'),
    "external_dtd_file.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist SYSTEM "file:///etc/passwd">\n'),
    "external_dtd_dev_zero.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist SYSTEM "/dev/zero">\n'),
    "external_dtd_foreign_public_id.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist PUBLIC "-//Evil//DTD PLIST 1.0//EN" "http://127.0.0.1:9/evil.dtd">\n'),
    "internal_subset_element.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist [<!ELEMENT plist ANY>]>\n'),
    "internal_subset_attlist_default.plist": plist(b'<string>x</string>', b'<!DOCTYPE plist [<!ATTLIST string evil CDATA "injected">]>\n'),
    "billion_laughs.plist": HEADER + b'<!DOCTYPE plist [\n' + b''.join(
        b'<!ENTITY l%d "%s">\n' % (i, (b'&l%d;' % (i - 1)) * 10 if i else b'lol') for i in range(10)) + b']>\n<plist version="1.0"><string>&l9;</string></plist>\n',
    "quadratic_blowup.plist": HEADER + b'<!DOCTYPE plist [\n<!ENTITY a "' + b'A' * 50000 + b'">\n]>\n<plist version="1.0"><string>' + b'&a;' * 10000 + b'</string></plist>\n',
    "undeclared_entity.plist": plist(b'<string>&nbsp;</string>'),
    "undeclared_entity_no_doctype.plist": HEADER + b'<plist version="1.0"><string>&x;</string></plist>\n',
    "xinclude.plist": plist(b'<dict><key>k</key><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></dict>'),
    "deep_nesting_10000.plist": plist(b'<array>' * 10000 + b'</array>' * 10000),
    "deep_nesting_201.plist": plist(b'<array>' * 201 + b'</array>' * 201),
    # Characters XML cannot carry, and bad encodings
    "nul_byte.plist": plist(b'<string>a\x00b</string>'),
    "char_ref_zero.plist": plist(b'<string>a&#0;b</string>'),
    "char_ref_control.plist": plist(b'<string>a&#1;b</string>'),
    "char_ref_lone_surrogate.plist": plist(b'<string>&#xD800;</string>'),
    "utf8_lone_surrogate.plist": plist(b'<string>\xed\xa0\x80</string>'),
    "utf8_invalid_byte.plist": plist(b'<string>caf\xff</string>'),
    "utf8_overlong.plist": plist(b'<string>\xc0\xaf</string>'),
    "utf8_truncated_sequence.plist": plist(b'<string>\xe2\x82</string>'),
    "nul_after_document.plist": VALID + b'\x00<dict><key>hidden</key><string>dropped by a write</string></dict>\n',
    "nul_after_document_utf16.plist": b'\xff\xfe' + '<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><string>x</string></plist>\x00junk'.encode('utf-16-le'),
    "utf16_odd_length.plist": b'\xff\xfe' + '<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><string>x</string></plist>'.encode('utf-16-le')[:-1],
    "unknown_encoding.plist": b'<?xml version="1.0" encoding="X-NO-SUCH-ENCODING"?>\n<plist version="1.0"><string>x</string></plist>\n',
    # Other formats. A valid binary property list is a domain prefs reads (copied from a Mac);
    # hostile binary files are in Tests/PropertyListsTests/Fixtures/Binary/Hostile.
    "json.plist": b'{"name": "Ada", "size": 12}\n',
    "openstep.plist": b'{ name = Ada; size = 12; }\n',
    "empty.plist": b'',
    "whitespace_only.plist": b'\n\n   \n',
    # Malformed XML
    "mismatched_tags.plist": plist(b'<dict><key>a</key><string>x</dict></string>'),
    "unterminated_cdata.plist": plist(b'<string><![CDATA[abc</string>'),
    "attribute_entity.plist": plist(b'<dict evil="&x;"/>'),
    # Valid XML, invalid property lists
    "root_not_plist.plist": HEADER + b'<html><body/></html>\n',
    "doctype_wrong_root.plist": HEADER + b'<!DOCTYPE html>\n<plist version="1.0"><string>x</string></plist>\n',
    "unknown_element.plist": plist(b'<dict><key>a</key><script>x</script></dict>'),
    "text_in_dict.plist": plist(b'<dict>stray text<key>a</key><string>x</string></dict>'),
    "two_values.plist": plist(b'<string>a</string><string>b</string>'),
    "empty_plist.plist": plist(b''),
    "key_without_value.plist": plist(b'<dict><key>a</key></dict>'),
    "value_without_key.plist": plist(b'<dict><string>x</string></dict>'),
    "duplicate_key.plist": plist(b'<dict><key>a</key><string>x</string><key>a</key><string>y</string></dict>'),
    "namespaced_element.plist": plist(b'<p:dict xmlns:p="urn:x"/>'),
    "foreign_attribute.plist": plist(b'<dict evil="1"/>'),
    "integer_overflow.plist": plist(b'<integer>99999999999999999999</integer>'),
    "integer_below_min.plist": plist(b'<integer>-9223372036854775809</integer>'),
    "integer_garbage.plist": plist(b'<integer>12abc</integer>'),
    "integer_empty.plist": plist(b'<integer></integer>'),
    "real_garbage.plist": plist(b'<real>1.2.3</real>'),
    "date_impossible.plist": plist(b'<date>2023-02-29T00:00:00Z</date>'),
    "date_year_zero.plist": plist(b'<date>0000-01-01T00:00:00Z</date>'),
    "data_bad_base64.plist": plist(b'<data>not*base64</data>'),
    "true_with_content.plist": plist(b'<true>yes</true>'),
    # Markup libxml2 2.9 checks in time quadratic in its size; refused once past
    # PropertyListLimits.maxAttributes (HostileFileTests makes 400,000 at test time).
    "many_attributes.plist": HEADER + b'<plist version="1.0" ' + b' '.join(b'a%d="x"' % i for i in range(5000)) + b'><string>x</string></plist>\n',
    "many_attributes_nested.plist": plist(b'<array><string ' + b' '.join(b'a%d="x"' % i for i in range(5000)) + b'>x</string></array>'),
    "many_namespaces.plist": HEADER + b'<plist version="1.0" ' + b' '.join(b'xmlns:p%d="urn:x"' % i for i in range(3000)) + b'><string>x</string></plist>\n',
}

# Truncations of a valid file at several offsets.
for offset in (1, 10, 40, 100, 150, len(VALID) - 20, len(VALID) - 2):
    files["truncated_at_%d.plist" % offset] = VALID[:offset]

os.makedirs("Hostile", exist_ok=True)
for name, content in sorted(files.items()):
    with open(os.path.join("Hostile", name), "wb") as handle:
        handle.write(content)
print("%d files" % len(files))
