"""The pytest plugin of hexref (entry point pytest11 "hexref"): with

    pytest --hexref-engine mypkg.engine:divide --hexref-variant glinski

pytest collects one item per fixture of the package's fixtures of that
variant that applies under the profile (--hexref-profile, default std) and
one per line of the package's perft suite of that variant and profile,
each a hexref.verify of that one check. A failed item's report is the
finding (docs/python.md), not a traceback of the plugin. Without
--hexref-engine the plugin does nothing. The items carry the mark
"hexref" (pytest -m hexref runs only them).
"""
from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from typing import Any, Callable, List, Optional

import pytest

from ._collect import Check, fixture_checks, suite_checks, suite_path
from ._errors import HexrefError
from ._report import describe
from ._rules import profiles, variants
from ._verify import VerifyResult, verify


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("hexref", "hexref: check an engine against the reference rules")
    group.addoption("--hexref-engine", metavar="MODULE:FUNCTION",
                    help="the engine: FUNCTION(fen, moves, depth) -> divide, imported from "
                         "MODULE (the rootdir is put on sys.path first)")
    group.addoption("--hexref-variant", metavar="VARIANT", help="the variant to check")
    group.addoption("--hexref-profile", metavar="PROFILE", default="std",
                    help="the rule profile (default std)")
    group.addoption("--hexref-depth", metavar="D", type=int, default=None,
                    help="suite lines: their deepest depth up to D (default: all of them)")
    group.addoption("--hexref-max-nodes", metavar="N", type=int, default=None,
                    help="suite lines: skip depths whose count exceeds N")
    group.addoption("--hexref-tier", metavar="quick|deep", choices=["quick", "deep"], default=None,
                    help="quick: only the suite lines marked ';tier quick'")
    group.addoption("--hexref-timeout", metavar="SECONDS", type=float, default=30.0,
                    help="the limit of one engine call (default 30)")


class _Settings:
    """The options, checked, and the engine function, imported."""

    def __init__(self, config: Any) -> None:
        option = config.option
        self.spec = option.hexref_engine
        self.variant, self.profile = option.hexref_variant, option.hexref_profile
        self.depth, self.max_nodes = option.hexref_depth, option.hexref_max_nodes
        self.tier, self.timeout = option.hexref_tier, option.hexref_timeout
        if not self.variant:
            raise pytest.UsageError("--hexref-engine needs --hexref-variant (one of %s)"
                                    % ", ".join(variants()))
        if self.variant not in variants():
            raise pytest.UsageError("--hexref-variant %s: unknown (variants: %s)"
                                    % (self.variant, ", ".join(variants())))
        if self.profile not in profiles(self.variant):
            raise pytest.UsageError("--hexref-profile %s: not a profile of %s (%s)" % (
                self.profile, self.variant, ", ".join(profiles(self.variant))))
        if self.depth is not None and not 1 <= self.depth <= 10:
            raise pytest.UsageError("--hexref-depth %d: from 1 to 10" % self.depth)
        if self.max_nodes is not None and self.max_nodes < 1:
            raise pytest.UsageError("--hexref-max-nodes %d: at least 1" % self.max_nodes)
        if not self.timeout > 0:
            raise pytest.UsageError("--hexref-timeout %g: more than 0 seconds" % self.timeout)
        self.engine = _import_engine(self.spec, str(config.rootpath))
        self.folder = tempfile.mkdtemp(prefix="hexref-pytest-")


def _import_engine(spec: str, rootdir: str) -> Callable[..., Any]:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise pytest.UsageError("--hexref-engine %s: expected MODULE:FUNCTION, e.g. "
                                "mypkg.engine:divide" % spec)
    if rootdir not in sys.path:
        sys.path.insert(0, rootdir)
    try:
        target: Any = importlib.import_module(module_name)
    except Exception as error:
        raise pytest.UsageError("--hexref-engine %s: cannot import %s: %s: %s"
                                % (spec, module_name, type(error).__name__, error)) from None
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise pytest.UsageError("--hexref-engine %s: %s has no %s"
                                    % (spec, module_name, attribute))
        target = getattr(target, part)
    if not callable(target):
        raise pytest.UsageError("--hexref-engine %s: %s is not callable" % (spec, attribute))
    return target


_settings_key = "_hexref_settings"


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "hexref: a check of hexref's pytest plugin")
    if config.option.hexref_engine is None:
        if config.option.hexref_variant is not None:
            raise pytest.UsageError("--hexref-variant needs --hexref-engine MODULE:FUNCTION")
        return
    setattr(config, _settings_key, _Settings(config))


def pytest_unconfigure(config: Any) -> None:
    settings = getattr(config, _settings_key, None)
    if settings is not None:
        shutil.rmtree(settings.folder, ignore_errors=True)


def pytest_report_header(config: Any) -> Optional[str]:
    settings = getattr(config, _settings_key, None)
    if settings is None:
        return None
    return "hexref: engine %s, %s/%s, timeout %g s per call" % (
        settings.spec, settings.variant, settings.profile, settings.timeout)


class HexrefFailure(Exception):
    """A check that failed; its report is the finding."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class HexrefCollector(pytest.Collector):
    """The parent of the items (they come from the package, not from a test file)."""

    def collect(self) -> List[Any]:
        return []


class HexrefItem(pytest.Item):
    """One fixture or one suite line, verified alone."""

    def __init__(self, *, check: Check, settings: _Settings, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check = check
        self.settings = settings
        self.add_marker("hexref")

    def runtest(self) -> None:
        s, c = self.settings, self.check
        folder = tempfile.mkdtemp(dir=s.folder)
        copy = os.path.join(folder, os.path.basename(c.path))
        with open(copy, "w", encoding="utf-8") as f:
            f.write(c.text)
        try:
            if c.kind == "fixture":
                result = verify(s.engine, s.variant, s.profile, fixtures=copy, root=False,
                                timeout=s.timeout, name=s.spec)
            else:
                result = verify(s.engine, s.variant, s.profile, suites=[copy], depth=s.depth,
                                max_nodes=s.max_nodes, root=False, timeout=s.timeout, name=s.spec)
        except HexrefError as error:
            raise HexrefFailure("%s: hexref could not run it: %s" % (self.name, error)) from None
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        self._judge(result, folder)

    def _judge(self, result: VerifyResult, folder: str) -> None:
        original = os.path.dirname(self.check.path)
        if not result.checks:
            raise HexrefFailure("%s: no check ran (no depth of the line within --hexref-depth "
                                "and --hexref-max-nodes)" % self.name)
        if not result.ok:
            text = "\n\n".join(describe(check) for check in result.failures)
            raise HexrefFailure(text.replace(folder, original))

    def repr_failure(self, excinfo: Any, style: Any = None) -> Any:
        if isinstance(excinfo.value, HexrefFailure):
            return excinfo.value.text
        return super().repr_failure(excinfo)

    def reportinfo(self) -> Any:
        return self.check.path, self.check.lineno - 1, "hexref %s %s" % (self.check.kind, self.name)


def _checks(settings: _Settings) -> List[Check]:
    """The fixtures and suite lines to collect; none is a usage error."""
    fixtures = fixture_checks(settings.variant, settings.profile)
    if not fixtures:
        raise pytest.UsageError("hexref: no fixture of %s applies under profile %s"
                                % (settings.variant, settings.profile))
    lines = suite_checks(settings.variant, settings.profile, settings.tier)
    if suite_path(settings.variant, settings.profile) and not lines:
        raise pytest.UsageError("hexref: --hexref-tier %s selects no line of %s"
                                % (settings.tier, suite_path(settings.variant, settings.profile)))
    return fixtures + lines


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect
def pytest_collection_modifyitems(session: Any, config: Any, items: List[Any]) -> None:
    settings = getattr(config, _settings_key, None)
    if settings is None:
        return
    parent = HexrefCollector.from_parent(session, name="hexref", nodeid="hexref")
    for check in _checks(settings):
        name = "%s/%s::%s" % (settings.variant, os.path.basename(check.path), check.name)
        items.append(HexrefItem.from_parent(parent, name=name, check=check, settings=settings))
