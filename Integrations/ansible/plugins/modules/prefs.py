#!/usr/bin/python
# -*- coding: utf-8 -*-

"""Set, append to, merge, list and remove preferences on a host with its `prefs` binary."""

from __future__ import annotations

DOCUMENTATION = r"""
module: prefs
short_description: Manage preferences stored by prefs, the C(defaults) of Linux
version_added: 0.1.0
description:
  - Reads, writes and deletes the preferences that the C(prefs) command keeps on the target host, as
    M(community.general.osx_defaults) does for macOS C(defaults), with the same options and meanings.
  - Every read and write goes through the C(prefs) binary of the target host in its machine-readable
    forms (C(prefs read --stored --xml), a property list element as the value of C(prefs write), exit
    statuses), so every guarantee of C(prefs) holds, such as atomic, durable writes under its lock, values
    checked against an installed manifest and corrupt files never overwritten.
  - A value is compared with what the domain stores (not with an administrator's or a manifest's
    default), so a task reports a change only when the stored value differs.
  - A value given with O(type) is first checked by C(prefs) itself, in a scratch file of the module's
    temporary folder, so a malformed value fails with C(prefs)' own message and exit status even in check
    mode, and the stored value is compared with exactly what C(prefs) would store.
author:
  - prefs project (!UNKNOWN)
extends_documentation_fragment:
  - ansible.builtin.action_common_attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  platform:
    platforms: posix
options:
  domain:
    description:
      - The domain, such as V(com.example.editor).
      - Any name C(prefs) takes where a domain goes; V(NSGlobalDomain) (the default) is the global domain.
        A path is passed on as it is, so it names what C(prefs) makes of a path domain.
    type: str
    default: NSGlobalDomain
  host:
    description:
      - The host the preference applies to (a ByHost domain).
      - V(currentHost) passes C(-currentHost) to C(prefs), any other name C(-host NAME); both come before the
        verb, as C(defaults) takes them.
      - Left out, the preference applies to any host.
    type: str
  key:
    description:
      - The key of the preference, a top-level key of the domain, taken literally (dots are part of the key).
      - Required when O(state=present).
      - Left out with O(state=list), the whole domain is returned; left out with O(state=absent), the whole
        domain is removed.
    type: str
  type:
    description:
      - The type of O(value).
      - V(array) and V(dict) take a list and a dictionary whose items keep their JSON types (strings,
        integers, reals, booleans, lists, dictionaries), nested to any depth.
      - A scalar is handed to C(prefs write) with the type flag of the same name, which checks it. V(int)
        takes decimal or C(0x) hexadecimal integers up to 18446744073709551615; V(float) stores a 32-bit
        float, as C(defaults write -float) does (0.1 is stored as 0.10000000149011612); V(bool) takes true, false,
        yes, no, 1 or 0; V(date) takes C(2024-02-29T12:34:56Z), C(2024-02-29 12:34:56 +0000) or C(2024-02-29).
    type: str
    choices: [array, bool, boolean, date, dict, float, int, integer, string]
    default: string
  check_type:
    description:
      - Fail, changing nothing, when the key holds a value of another type than O(type).
      - When V(false), a value of another type is replaced.
    type: bool
    default: true
  array_add:
    description:
      - With O(type=array), add the items of O(value) that the stored array does not hold yet, at its end,
        in the order given, instead of replacing the array.
      - A key that holds no array (or none at all) gets O(value) as it is.
    type: bool
    default: false
  dict_mode:
    description:
      - How O(type=dict) writes.
      - V(replace) stores O(value) as the whole dictionary.
      - V(add) sets the keys of O(value) in the stored dictionary and leaves its other keys as they are. Only
        top-level keys merge, as with C(defaults write -dict-add), so a dictionary given for a key replaces
        the one stored there.
    type: str
    choices: [replace, add]
    default: replace
  value:
    description:
      - The value to store. Required when O(state=present).
    type: raw
  state:
    description:
      - V(present) stores O(value), V(absent) removes the key (or the domain).
      - V(list) returns the stored value in RV(value), V(null) when there is none, and changes nothing.
    type: str
    choices: [absent, list, present]
    default: present
  executable:
    description:
      - The C(prefs) binary to run, a path or a name looked up in O(path), then in E(PATH).
    type: str
    default: prefs
  path:
    description:
      - Folders, separated by C(:), in which to look for O(executable) before E(PATH), as the option of
        the same name of M(community.general.osx_defaults) does for C(defaults).
      - Useful where C(prefs) is installed in a folder that the E(PATH) of Ansible's non-interactive
        shell lacks, such as C(.local/bin) in the user's home folder (give it whole, C(~) is not expanded).
    type: str
  root:
    description:
      - A folder of domains to use instead of the user's (E(PREFS_HOME), else E(XDG_CONFIG_HOME)/prefs or
        C(~/.config/prefs)), passed to C(prefs) as C(--root).
      - To move every C(prefs) command of a play instead, set E(PREFS_HOME) with the C(environment) keyword.
    type: path
notes:
  - The value goes to C(prefs) as one command-line argument, which Linux limits to 128 KiB.
  - A change is a read, a comparison and one atomic C(prefs write); a change another process makes to the
    same key between the read and the write is replaced, as with any read-compare-write.
  - Unlike M(community.general.osx_defaults), arrays are compared in order and their items keep their
    JSON types, since C(prefs) stores them so.
  - Environment variables of C(prefs) (E(PREFS_HOME), E(PREFS_LOCK_TIMEOUT), E(PREFS_MANIFESTS)) are taken
    from the task's C(environment).
  - What C(prefs) passes over with a warning (an administrator's file or an installed manifest that another
    user owns or may write) is a warning of the task.
seealso:
  - module: community.general.osx_defaults
    description: The macOS module whose options this one takes.
requirements:
  - The C(prefs) binary on the target host.
"""

EXAMPLES = r"""
- name: Set the editor's font size
  prefs.prefs.prefs:
    domain: com.example.editor
    key: fontSize
    type: int
    value: 13

- name: Set a string in the global domain
  prefs.prefs.prefs:
    key: AppleMeasurementUnits
    value: Centimeters

- name: Make sure two files are among the recent ones, keeping the others
  prefs.prefs.prefs:
    domain: com.example.editor
    key: recent
    type: array
    value: [notes.txt, todo.txt]
    array_add: true

- name: Set the window's width and height, keeping its other keys
  prefs.prefs.prefs:
    domain: com.example.editor
    key: window
    type: dict
    value: {width: 1024, height: 768}
    dict_mode: add

- name: Set a value for this machine only (a ByHost domain)
  prefs.prefs.prefs:
    domain: com.example.editor
    host: currentHost
    key: lastOpened
    type: date
    value: "2024-02-29T12:34:56Z"

- name: Set a value with a prefs installed in ~/.local/bin, in another folder of domains
  prefs.prefs.prefs:
    path: "{{ ansible_facts.env.HOME }}/.local/bin"
    root: /srv/defaults
    domain: com.example.editor
    key: theme
    value: dark

- name: Read the font size
  prefs.prefs.prefs:
    domain: com.example.editor
    key: fontSize
    state: list
  register: font_size

- name: Remove a key
  prefs.prefs.prefs:
    domain: com.example.editor
    key: theme
    state: absent
"""

RETURN = r"""
domain:
  description: The domain, as given.
  returned: always
  type: str
  sample: com.example.editor
key:
  description: The key, as given; V(null) for a whole domain.
  returned: always
  type: str
  sample: fontSize
value:
  description:
    - The value the key (or the domain) stores after the task, in JSON types; V(null) when there is none.
      In check mode, the value it would store.
    - As C(prefs read --json) prints them, a date is a C(YYYY-MM-DDTHH:MM:SSZ) string and data a Base64
      string; RV(type) tells them from strings.
  returned: always
  type: raw
  sample: 13
type:
  description:
    - The C(prefs) type of RV(value) (C(prefs read-type)'s names); V(null) when there is none.
  returned: always
  type: str
  sample: integer
rc:
  description: The exit status of the C(prefs) command that failed.
  returned: failed, when a C(prefs) command failed
  type: int
  sample: 5
cmd:
  description: The C(prefs) command that failed.
  returned: failed, when a C(prefs) command failed
  type: list
  elements: str
  sample: [prefs, write, --, com.example.editor, fontSize, "<integer>900</integer>"]
stderr:
  description: What the failed C(prefs) command printed on standard error, its own message.
  returned: failed, when a C(prefs) command failed
  type: str
  sample: "Error: key \"fontSize\": is 900, above the maximum 72"
"""

import base64
import datetime
import json
import math
import os
import plistlib

from ansible.module_utils.basic import AnsibleModule


# The prefs type flag of each value of the `type` option (arrays and dicts go as JSON).
TYPE_FLAGS = {
    'bool': '-bool', 'boolean': '-bool', 'date': '-date', 'float': '-float',
    'int': '-int', 'integer': '-int', 'string': '-string',
}

# The exit status with which prefs says a domain or key does not exist.
NOT_FOUND = 1


class PrefsError(Exception):
    """A failure to report: a message and, when a prefs command failed, that command's result."""

    def __init__(self, message, cmd=None, rc=None, stdout=None, stderr=None):
        super().__init__(message)
        self.message = message
        self.details = {name: detail for name, detail in
                        (('cmd', cmd), ('rc', rc), ('stdout', stdout), ('stderr', stderr))
                        if detail is not None}


class Prefs:
    """The prefs binary of the target host, run with the task's host and root options."""

    def __init__(self, module, executable, path, host, root):
        self.module = module
        if '/' not in executable:
            folders = None if path is None else path.split(':')
            executable = module.get_bin_path(executable, required=True, opt_dirs=folders)
        elif not (os.path.isfile(executable) and os.access(executable, os.X_OK)):
            raise PrefsError('executable %s is not an executable file' % executable)
        self.executable = executable
        self.host_options = host_options(host)
        self.root_options = [] if root is None else ['--root', root]

    def read(self, domain, key):
        """The value the domain stores at key (the whole domain when key is None); None when there is none."""
        return self._read(['--stored'], [domain] + _optional(key), missing_ok=True)

    def write(self, domain, key, value):
        """Stores value at key in one prefs write, as a property list element."""
        self._run(self._command('write', [], [domain, key, plist_element(value)]))

    def delete(self, domain, key):
        """Removes key from the domain (the whole domain when key is None)."""
        self._run(self._command('delete', [], [domain] + _optional(key)))

    def checked_value(self, value_type, value, folder):
        """The value prefs stores for `value` given as `value_type`, made in a scratch file of folder.

        prefs parses and checks the value, so a malformed one fails with prefs' message and status,
        and the result is exactly what a write of it would store.
        """
        options = ['--file', os.path.join(folder, 'value.plist')]
        self._run(self._command('write', options, ['value'] + value_arguments(value_type, value), domain=False))
        return self._read(options, ['value'], domain=False)

    def _read(self, options, operands, domain=True, missing_ok=False):
        """The value `prefs read --xml` prints; None for exit 1 when missing_ok."""
        cmd = self._command('read', options + ['--xml'], operands, domain)
        output = self._run(cmd, missing_ok)
        if output is None:
            return None
        try:
            return plistlib.loads(output, fmt=plistlib.FMT_XML)
        except Exception as error:  # plistlib raises several types for text that is not a property list
            raise PrefsError('%s exited 0 but printed no property list (%s)' % (' '.join(cmd), error),
                             cmd=cmd, rc=0, stdout=_text(output))

    def _command(self, verb, options, operands, domain=True):
        """`prefs [HOST OPTIONS] VERB [--root DIR] OPTIONS -- OPERANDS` (`--`: a name may start with -).

        The host and root options are the task's domain's: a command on a lone file (domain=False) has none.
        """
        if not domain:
            return [self.executable, verb] + options + ['--'] + operands
        return [self.executable] + self.host_options + [verb] + self.root_options + options + ['--'] + operands

    def _run(self, cmd, missing_ok=False):
        """Runs a prefs command and returns its stdout (bytes); None for exit 1 when missing_ok."""
        rc, stdout, stderr = self.module.run_command(cmd, encoding=None, expand_user_and_vars=False)
        if rc == NOT_FOUND and missing_ok:
            return None
        if rc != 0:
            message = _text(stderr).strip() or 'prefs exited with status %d and printed no message' % rc
            raise PrefsError(message, cmd=cmd, rc=rc, stdout=_text(stdout), stderr=_text(stderr))
        # What prefs passed over (an administrator's file or a manifest another user may change) is
        # the task's warning too, not dropped with the rest of a successful command's stderr.
        for line in _text(stderr).splitlines():
            if line.startswith('Warning: '):
                self.module.warn(line[len('Warning: '):])
        return stdout


def host_options(host):
    """The options that name a ByHost domain, as `defaults` takes them: none for any host."""
    if host is None:
        return []
    if host == 'currentHost':
        return ['-currentHost']
    return ['-host', host]


def _optional(key):
    """The key as a list of zero or one operand."""
    return [] if key is None else [key]


def _text(data):
    """Bytes that prefs printed, as text."""
    return data.decode('utf-8', errors='replace')


def value_arguments(value_type, value):
    """The arguments of `prefs write` after the key that give `value` as `value_type`."""
    if value_type == 'array':
        if not isinstance(value, list):
            raise PrefsError('value must be a list with type=array, not %r' % (value,))
        return ['--json', json.dumps(value)]
    if value_type == 'dict':
        if not isinstance(value, dict):
            raise PrefsError('value must be a dictionary with type=dict, not %r' % (value,))
        return ['--json', json.dumps(value)]
    if isinstance(value, bool):
        text = 'true' if value else 'false'
    elif isinstance(value, float):
        text = repr(value)
    else:
        text = str(value)
    return [TYPE_FLAGS[value_type], text]


def plist_element(value):
    """The XML property list element of a value, which `prefs write DOMAIN KEY ELEMENT` stores as it is.

    Unlike plistlib.dumps, a carriage return is kept (written `&#13;`, which XML does not turn into a
    line feed).
    """
    if isinstance(value, bool):
        return '<true/>' if value else '<false/>'
    if isinstance(value, int):
        return '<integer>%d</integer>' % value
    if isinstance(value, float):
        return '<real>%r</real>' % value
    if isinstance(value, str):
        return '<string>%s</string>' % _escape(value)
    if isinstance(value, datetime.datetime):
        return '<date>%s</date>' % date_text(value)
    if isinstance(value, bytes):
        return '<data>%s</data>' % base64.b64encode(value).decode('ascii')
    if isinstance(value, list):
        return '<array>%s</array>' % ''.join(plist_element(item) for item in value)
    if isinstance(value, dict):
        return '<dict>%s</dict>' % ''.join('<key>%s</key>%s' % (_escape(key), plist_element(item))
                                           for key, item in value.items())
    raise PrefsError('a %s has no property list form' % type(value).__name__)


def _escape(text):
    """Text as XML character data that reads back exactly."""
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('\r', '&#13;')


def date_text(date):
    """A date as prefs prints it in JSON and XML: `YYYY-MM-DDTHH:MM:SSZ` (plistlib's dates are UTC)."""
    return '%04d-%02d-%02dT%02d:%02d:%02dZ' % (date.year, date.month, date.day,
                                               date.hour, date.minute, date.second)


def type_name(value):
    """The prefs type of a value (the names `prefs read-type` uses); None for no value."""
    if value is None:
        return None
    for python_type, name in ((bool, 'boolean'), (int, 'integer'), (float, 'real'), (str, 'string'),
                              (datetime.datetime, 'date'), (bytes, 'data'), (list, 'array'),
                              (dict, 'dictionary')):
        if isinstance(value, python_type):
            return name
    raise PrefsError('a %s is no property list value' % type(value).__name__)


def same(left, right):
    """Whether two property list values (or None for none) are equal, types included (True is not 1).

    Reals are the same when their bits are (every NaN aside): -0.0 is not 0.0, which Python's == says.
    """
    if type_name(left) != type_name(right):
        return False
    if isinstance(left, list):
        return len(left) == len(right) and all(same(a, b) for a, b in zip(left, right))
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(same(left[name], right[name]) for name in left)
    if isinstance(left, float) and math.isnan(left):
        return math.isnan(right)
    if isinstance(left, float):
        return left == right and math.copysign(1.0, left) == math.copysign(1.0, right)
    return left == right


def json_value(value):
    """A property list value in JSON types, as `prefs read --json` prints it."""
    if isinstance(value, datetime.datetime):
        return date_text(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode('ascii')
    if isinstance(value, list):
        return [json_value(item) for item in value]
    if isinstance(value, dict):
        return {name: json_value(item) for name, item in value.items()}
    return value


def combined(stored, given, array_add, dict_mode):
    """The value to store: `given`, or with array_add/dict_mode=add, `given` added to `stored`."""
    if array_add and isinstance(stored, list) and isinstance(given, list):
        result = list(stored)
        for item in given:
            if not any(same(item, kept) for kept in result):
                result.append(item)
        return result
    if dict_mode == 'add' and isinstance(stored, dict) and isinstance(given, dict):
        result = dict(stored)
        result.update(given)
        return result
    return given


def diff_text(value):
    """A value as the text of one side of a diff."""
    return '' if value is None else json.dumps(json_value(value), indent=2, sort_keys=True) + '\n'


def run(module, prefs):
    """Brings the preference to the state asked for; returns the result to exit with."""
    params = module.params
    domain, key, state = params['domain'], params['key'], params['state']
    stored = prefs.read(domain, key)

    if state == 'list':
        return dict(changed=False, domain=domain, key=key, value=json_value(stored), type=type_name(stored))

    if state == 'absent':
        wanted = None
    else:
        given = prefs.checked_value(params['type'], params['value'], module.tmpdir)
        if params['check_type'] and stored is not None and type_name(stored) != type_name(given):
            raise PrefsError('%s %s is of type %s, not %s: nothing was changed (check_type=false replaces it)'
                             % (domain, key, type_name(stored), type_name(given)))
        wanted = combined(stored, given, params['array_add'], params['dict_mode'])

    changed = not same(stored, wanted)
    if changed and not module.check_mode:
        if wanted is None:
            prefs.delete(domain, key)
        else:
            prefs.write(domain, key, wanted)

    result = dict(changed=changed, domain=domain, key=key, value=json_value(wanted), type=type_name(wanted))
    if module._diff:
        header = domain if key is None else '%s %s' % (domain, key)
        result['diff'] = dict(before=diff_text(stored), after=diff_text(wanted),
                              before_header=header, after_header=header)
    return result


def main():
    module = AnsibleModule(
        argument_spec=dict(
            domain=dict(type='str', default='NSGlobalDomain'),
            host=dict(type='str'),
            key=dict(type='str', no_log=False),
            type=dict(type='str', default='string', choices=['array', 'bool', 'boolean', 'date', 'dict',
                                                             'float', 'int', 'integer', 'string']),
            check_type=dict(type='bool', default=True),
            array_add=dict(type='bool', default=False),
            dict_mode=dict(type='str', default='replace', choices=['replace', 'add']),
            value=dict(type='raw'),
            state=dict(type='str', default='present', choices=['absent', 'list', 'present']),
            executable=dict(type='str', default='prefs'),
            path=dict(type='str'),
            root=dict(type='path'),
        ),
        required_if=[('state', 'present', ['key', 'value'])],
        supports_check_mode=True,
    )
    params = module.params
    if params['array_add'] and params['type'] != 'array':
        module.fail_json(msg='array_add=true needs type=array, not type=%s' % params['type'])
    if params['dict_mode'] == 'add' and params['type'] != 'dict':
        module.fail_json(msg='dict_mode=add needs type=dict, not type=%s' % params['type'])
    try:
        prefs = Prefs(module, params['executable'], params['path'], params['host'], params['root'])
        module.exit_json(**run(module, prefs))
    except PrefsError as error:
        module.fail_json(msg=error.message, **error.details)


if __name__ == '__main__':
    main()
