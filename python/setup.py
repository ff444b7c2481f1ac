"""The hexref wheel. Run by ci/py-package on a staged copy of python/ that
also holds hexref/libhexref.so.0, hexref/data/ and hexref/_version.py."""
import os
import re

from setuptools import Distribution, setup
from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "hexref", "_version.py")) as f:
        return re.search(r'__version__ = "([^"]+)"', f.read()).group(1)


class native_distribution(Distribution):
    """The package holds a native library (hexref/libhexref.so.0): setuptools
    then installs it as platform-specific (platlib, the wheel's root), as it
    would an extension module."""

    def has_ext_modules(self):
        return True


class native_wheel(bdist_wheel):
    """Its tag: any Python 3 and no ABI (the library is loaded with ctypes,
    not as a CPython extension), but only this platform (linux_x86_64 on
    x86-64), never py3-none-any."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    name="hexref",
    version=version(),
    description="The reference rules of hexagonal chess: legal moves, perft, HexFEN",
    license="MIT",
    python_requires=">=3.8",
    packages=["hexref"],
    package_data={"hexref": ["libhexref.so.0", "py.typed", "data/fixtures/*/*.fix",
                             "data/perft-suites/*.epd", "data/perft-suites/README.md"]},
    include_package_data=False,
    zip_safe=False,
    # the pytest plugin (docs/python.md): loaded by pytest only, so pytest
    # stays optional (the package imports nothing of it)
    entry_points={"pytest11": ["hexref = hexref.pytest_plugin"]},
    distclass=native_distribution,
    cmdclass={"bdist_wheel": native_wheel},
)
