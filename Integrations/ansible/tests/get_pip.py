"""Stands in for get-pip.py, which ansible-test downloads from a host CI cannot reach.

ansible-test runs `python get_pip_VERSION.py PIP-OPTIONS PACKAGES [--no-setuptools] [--no-wheel]` in
each empty virtual environment it makes for a sanity test. As get-pip.py does, this installs pip there
(from the wheel Python itself ships, through ensurepip), has it install the packages named (from PyPI),
and leaves out setuptools when told to (ensurepip of Python before 3.12 installs it). ensurepip runs in
its own process: it points PIP_CONFIG_FILE at /dev/null in the environment of the process it runs in,
which would hide the machine's pip configuration from the install.
"""

import subprocess
import sys

OWN_OPTIONS = ('--no-setuptools', '--no-wheel')

subprocess.check_call([sys.executable, '-m', 'ensurepip'])
pip = [sys.executable, '-m', 'pip']
subprocess.check_call(pip + ['install'] + [arg for arg in sys.argv[1:] if arg not in OWN_OPTIONS])
if '--no-setuptools' in sys.argv[1:]:
    subprocess.check_call(pip + ['uninstall', '--yes', '--quiet', 'setuptools'])
