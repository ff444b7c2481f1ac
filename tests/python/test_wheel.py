"""The installed hexref wheel against the native hexref command.

Run by wheel_test.sh with pytest, from an empty folder, with the package
installed in a fresh venv and HEXREF_CLI naming the command of the build:
every expected value is computed by the command (or read from the package's
own fixtures), none is written here."""
import ctypes
import doctest
import json
import os
import re
import subprocess
import sys

import pytest

import hexref

CLI = os.environ["HEXREF_CLI"]


def cli(*args, env=None):
    """stdout of `hexref ARGS`, which must succeed. Without LD_PRELOAD: the
    sanitizer run preloads an ASan runtime into python only (wheel_test.sh),
    and a sanitized command has its own."""
    env = dict(os.environ if env is None else env)
    env.pop("LD_PRELOAD", None)
    run = subprocess.run([CLI, *args], capture_output=True, text=True, env=env)
    assert run.returncode == 0, "hexref %s: %s" % (" ".join(args), run.stderr)
    return run.stdout


def cli_variants():
    """The variants and their profiles as `hexref variants --format json`
    lists them: {variant: [(profile, summary), ...]}."""
    listing = {}
    for line in cli("variants", "--format", "json").splitlines():
        p = json.loads(line)
        listing.setdefault(p["variant"], []).append((p["profile"], p["summary"]))
    return listing


VARIANTS = list(cli_variants())


def test_the_installed_copy_is_used():
    package = os.path.dirname(os.path.abspath(hexref.__file__))
    assert package.startswith(os.path.abspath(sys.prefix) + os.sep), package
    with open("/proc/self/maps") as maps:
        loaded = {line.split()[-1] for line in maps if "libhexref" in line}
    assert loaded == {os.path.join(package, "libhexref.so.0")}


def test_variants_and_profiles_match_the_cli():
    listing = cli_variants()
    assert hexref.variants() == list(listing)
    for variant, profiles in listing.items():
        assert hexref.profiles(variant) == [name for name, _ in profiles]
        for name, summary in profiles:
            assert hexref.profile_summary(variant, name) == summary


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_3_of_the_initial_position(variant):
    expected = int(cli("perft", "-v", variant, "3").split()[-1])
    assert hexref.Position(variant).perft(3) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_divide_matches_the_cli_and_sums_to_perft(variant):
    position = hexref.Position(variant)
    lines = cli("divide", "-v", variant, "2").split("\n\n")[0].splitlines()
    expected = {move: int(count) for move, count in (line.split() for line in lines)}
    assert position.divide(2) == expected
    assert sum(position.divide(3).values()) == position.perft(3)


def positions():
    """(variant, profile, moves) of a few positions: each initial one, a line
    of a few moves, and profiles whose initial arrays differ from std's."""
    cases = [(v, "std", []) for v in VARIANTS]
    for variant in VARIANTS:
        position, moves = hexref.Position(variant), []
        for ply in range(6):  # the same pick every run: the k-th legal move
            choice = position.legal_moves()[(7 * ply + 3) % len(position.legal_moves())]
            position.play([choice])
            moves.append(choice)
        cases.append((variant, "std", moves))
    cases += [("brusky", "ludii", []), ("glinski", "jackson3", [])]
    return cases


@pytest.mark.parametrize("variant,profile,moves", positions())
def test_legal_moves_match_the_cli(variant, profile, moves):
    expected = cli("moves", "-v", variant, "-p", profile, "--moves", " ".join(moves)).split()
    position = hexref.Position(variant, profile).play(moves)
    assert position.legal_moves() == expected
    again = hexref.Position(variant, profile, fen=position.fen())
    assert again.fen() == position.fen() and again.legal_moves() == expected


def test_an_illegal_move_raises_naming_it():
    position = hexref.Position("glinski")
    start = position.fen()
    after_one = hexref.Position("glinski").play("b1b2").fen()
    with pytest.raises(hexref.HexrefError) as raised:
        position.play(["b1b2", "e2e9", "b7b6"])
    error = raised.value
    assert isinstance(error, ValueError)
    assert "'e2e9'" in str(error) and after_one in str(error)
    assert (error.move, error.index, error.fen) == ("e2e9", 2, after_one)
    assert position.fen() == start  # all or nothing
    for bad in ["e2", "x1y2", "e2e4\u00e9", "e2\0e4"]:
        with pytest.raises(hexref.HexrefError, match="move 1 of the list"):
            position.play([bad])


def test_bad_names_fens_and_depths_are_refused():
    with pytest.raises(hexref.HexrefError, match="chaturanga"):
        hexref.Position("chaturanga")
    with pytest.raises(hexref.HexrefError, match="chaturanga"):
        hexref.profiles("chaturanga")
    with pytest.raises(hexref.HexrefError, match="no-such"):
        hexref.Position("glinski", "no-such")
    with pytest.raises(hexref.HexrefError):
        hexref.Position("glinski", fen="8/8/8 w - - 0 1")
    position = hexref.Position("shafran")
    for depth in (-1, 11):
        with pytest.raises(hexref.HexrefError, match="depth"):
            position.perft(depth)
    with pytest.raises(hexref.HexrefError, match="at least 1"):
        position.divide(0)
    with pytest.raises(TypeError):
        position.perft(2.0)
    assert position.perft(0) == 1


def fixture_records(variant):
    """The records of the package's own fixture files, as {key: [values]}."""
    folder = hexref.fixtures_dir(variant)
    for name in sorted(os.listdir(folder)):
        record = None
        with open(os.path.join(folder, name)) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                key, _, value = line.partition(" ")
                if key == "fixture":
                    record = {"fixture": [value]}
                elif key == "end":
                    yield record
                elif record is not None:
                    record.setdefault(key, []).append(value)


def test_status_of_the_fixtures_checkmates():
    """Every unqualified `status` expectation of the std fixtures, among them
    Gliński's fool's mate (glinski-s13-fools-mate), also against `hexref show`."""
    checked = []
    for variant in VARIANTS:
        for record in fixture_records(variant):
            statuses = [s for s in record.get("status", []) if not s.startswith("[")]
            if not statuses or "std" not in record["profiles"][0].split():
                continue
            fen = record["fen"][0]
            moves = " ".join(record.get("line", []))
            position = hexref.Position(variant, fen=None if fen == "start" else fen).play(moves)
            assert position.status() == statuses[0], record["fixture"][0]
            checked.append((record["fixture"][0], statuses[0]))
    assert ("glinski-s13-fools-mate", "checkmate") in checked
    assert sum(status == "checkmate" for _, status in checked) >= 5
    show = cli("show", "-v", "glinski", "--moves", "e1c3 e10c6 b1b2 b7b6 f3b1 e7e6 c3f9")
    assert "status:       checkmate" in show.splitlines()


def test_copy_is_independent_and_close_frees():
    with hexref.Position("mccooey") as original:
        twin = original.copy()
        twin.play(twin.legal_moves()[0])
        assert twin.fen() != original.fen()
        assert original.perft(2) == hexref.Position("mccooey").perft(2)
    with pytest.raises(hexref.HexrefError, match="closed"):
        original.fen()
    twin.close()
    twin.close()


def test_the_package_data_is_the_cli_data():
    """The bundled fixtures and suites, read by the command itself
    (HEXREF_DATA), give the same run as the command's own data."""
    env = dict(os.environ, HEXREF_DATA=hexref.data_dir())
    assert cli("fixtures", env=env) == cli("fixtures")
    suite = os.path.join(hexref.suites_dir(), "glinski-std.epd")
    report = cli("suite", "--tier", "quick", suite).splitlines()[-1]
    assert report.endswith(" 0 failed") and not report.startswith("0 passed")


def test_the_examples_of_docs_python_md():
    """The >>> lines of docs/python.md (copied beside this file), as doctest runs them."""
    failed, tried = doctest.testfile(os.path.abspath("python.md"), module_relative=False,
                                     optionflags=doctest.ELLIPSIS)
    assert tried >= 15 and failed == 0


def test_the_limits_are_refused_not_overrun():
    """Texts longer than the C buffers, and the history's 4096 plies."""
    with pytest.raises(hexref.HexrefError, match="too long"):
        hexref.Position("glinski", fen="x" * 600)
    with pytest.raises(hexref.HexrefError, match="empty HexFEN"):
        hexref.Position("glinski", fen="")
    with pytest.raises(hexref.HexrefError, match="malformed move"):
        hexref.Position("glinski").play(["e" * 1000])
    cycle = ["c1d2", "c8d8", "d2c1", "d8c8"]  # knights out and back
    position = hexref.Position("glinski").play(cycle * 1023 + cycle[:3])  # 4095 plies
    with pytest.raises(hexref.HexrefError, match="limit here is depth 1"):
        position.perft(2)
    with pytest.raises(hexref.HexrefError, match="limit here is depth 1"):
        position.divide(2)
    assert position.divide(1) == {move: 1 for move in position.legal_moves()}
    position.play(cycle[3:])
    with pytest.raises(hexref.HexrefError, match="history is full"):
        position.play(cycle[:1])
    assert position.perft(0) == 1
    with pytest.raises(hexref.HexrefError, match="limit here is depth 0"):
        position.perft(1)


def test_the_buffer_sizes_are_hexref_h_s():
    """The limits _lib.py copies from hexref.h (copied beside this file), by
    which the package sizes the buffers the library writes."""
    from hexref import _lib
    with open("hexref.h") as f:
        header = f.read()
    for name in ("HX_MAX_MOVES", "HX_FEN_MAX", "HX_MOVE_TEXT_MAX", "HX_PERFT_MAX_DEPTH"):
        assert int(re.search(r"\b%s = (\d+)" % name, header).group(1)) == getattr(_lib, name), name
    size = int(re.search(r"typedef struct hx_error \{\s*char message\[(\d+)\];", header).group(1))
    assert ctypes.sizeof(_lib.Error) == size


# ---- verify of an engine that is a function (hexref.verify, the plugin) ----

def reference_engine(variant, profile="std"):
    """An honest engine function: hexref's own divide."""
    def divide(fen, moves, depth):
        return hexref.Position(variant, profile, fen=fen).play(moves).divide(depth)
    return divide


def ep_blind_moves(position):
    """The planted fault: where the HexFEN has an e.p. cell, the last legal move is forgotten."""
    moves = position.legal_moves()
    return moves[:-1] if position.fen().split()[3] != "-" and moves else moves


def ep_blind_divide(fen, moves, depth):
    """An engine with its own perft over hexref's moves, and the fault above."""
    def perft(position, d):
        children = ep_blind_moves(position)
        if d == 1:
            return len(children)
        return sum(perft(position.copy().play([m]), d - 1) for m in children)
    position = hexref.Position("glinski", fen=fen).play(moves)
    return {m: 1 if depth == 1 else perft(position.copy().play([m]), depth - 1)
            for m in ep_blind_moves(position)}


def test_verify_of_a_clean_engine_passes(capfd):
    result = hexref.verify(reference_engine("mccooey"), variant="mccooey", depth=3, random=5,
                           root=True, fixtures=True)
    assert result.ok and result.failed == 0, result.report()
    kinds = [check["kind"] for check in result.checks]
    assert kinds.count("verify") == 6 and kinds.count("fixture") > 100
    assert all(check["engine"].endswith("divide") for check in result.checks)
    assert "Traceback" not in capfd.readouterr().err


def test_identify_names_the_reading_an_engine_follows():
    """identify in-process (hx_check_identify): a bug model is named by its
    own profile, the honest engine std; an engine that raises matches none."""
    bug = hexref.identify(reference_engine("glinski", "neg-mccooey-capture"), variant="glinski")
    assert bug.matches and bug.profile == "neg-mccooey-capture", bug
    assert len(bug.checks) > 100 and bug.failed == 0
    honest = hexref.identify(reference_engine("brusky"), variant="brusky")
    assert honest.matches and honest.profile == "std", honest

    def raises(fen, moves, depth):
        raise RuntimeError("no engine here")
    broken = hexref.identify(raises, variant="brusky")
    assert not broken.matches and broken.failed >= 1
    assert "no engine here" in broken.checks[0]["message"]


def test_verify_finds_a_planted_fault_with_its_position_and_move():
    result = hexref.verify(ep_blind_divide, variant="glinski", depth=3)
    assert not result.ok and result.failed == 1 and len(result.failures) == 1
    check = result.failures[0]
    assert check["outcome"] == "fail" and check["message"].startswith("missing move ")
    minimal = check["minimal"]
    root = hexref.Position("glinski")
    assert check["position"] == root.fen()
    there = root.play(minimal["path"])  # the path leads from the root to the position
    assert there.fen() == minimal["position"] and minimal["position"].split()[3] != "-"
    missing = [m["move"] for m in minimal["difference"]["missing"]]
    assert missing == [there.legal_moves()[-1]] and minimal["difference"]["extra"] == []
    report = result.report()
    assert minimal["position"] in report and "missing in the engine: " + missing[0] in report


def engine_failure(engine, **options):
    """The one failed check of a verify of engine at the root, depth 2."""
    result = hexref.verify(engine, variant="brusky", depth=2, **options)
    assert not result.ok and result.failures, result.report()
    check = result.failures[0]
    assert check["outcome"] == "error" and check["minimal"]["path"] == ""
    return check["message"]


def test_an_engine_that_raises_is_an_engine_failure(capfd):
    def raises(fen, moves, depth):
        raise KeyError("no such square: " + fen.split()[1])
    message = engine_failure(raises)
    assert message.startswith("engine failure at the root: the engine function failed: KeyError:")
    assert "no such square: w" in message and "in raises" in message
    assert "Traceback" not in capfd.readouterr().err  # nothing crossed the ctypes callback


def test_an_engine_that_returns_garbage_is_an_engine_failure():
    assert "returned list, not a mapping" in engine_failure(lambda fen, moves, depth: ["b1b2"])
    assert "'many' (str) for c1c2, not a count" in engine_failure(
        lambda fen, moves, depth: {"c1c2": "many"})
    assert "True (bool)" in engine_failure(lambda fen, moves, depth: {"c1c2": True})
    assert "-1 (int)" in engine_failure(lambda fen, moves, depth: {"c1c2": -1})
    assert "a key 'c1 c2'" in engine_failure(lambda fen, moves, depth: {"c1 c2": 1})
    # text is the harness's to judge, as a process's output is
    assert "blank line and total" in engine_failure(lambda fen, moves, depth: "c1c2 31\n")


def test_an_engine_past_its_timeout_is_an_engine_failure():
    import threading
    import time
    # The call would take 60 s; it is let go once the run is over. A bound
    # far from both the timeout and the call, so that load cannot decide it
    # (a 3 s sleep against a 2.5 s bound could).
    release = threading.Event()
    def sleeps(fen, moves, depth):
        release.wait(60)
        return {}
    start = time.monotonic()
    try:
        message = engine_failure(sleeps, timeout=0.2)
        waited = time.monotonic() - start
    finally:
        release.set()
    assert waited < 30  # the run did not wait for the sleeping call
    assert "timed out" in message and "within 0.2 s" in message


def test_verify_refuses_options_that_cannot_run():
    engine = reference_engine("glinski")
    with pytest.raises(hexref.HexrefError, match="chaturanga"):
        hexref.verify(engine, variant="chaturanga")
    with pytest.raises(hexref.HexrefError):
        hexref.verify(engine, variant="glinski", fen="8/8/8 w - - 0 1")
    with pytest.raises(hexref.HexrefError, match="line break"):
        hexref.verify(engine, variant="glinski", fen="x\nvariant=brusky")


def test_the_plugin_collects_what_the_runner_runs():
    """Each fixture item of the plugin is one check of verify --fixtures:
    the same ids, in the same order, under every profile."""
    from hexref import _collect
    for variant in VARIANTS:
        for profile in hexref.profiles(variant):
            wanted = [check.name for check in _collect.fixture_checks(variant, profile)]
            if not wanted:
                continue
            result = hexref.verify(reference_engine(variant, profile), variant=variant,
                                   profile=profile, fixtures=True)
            assert [c["id"] for c in result.checks] == wanted, (variant, profile)


def run_pytest(folder, *args):
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                         cwd=folder, capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def test_the_plugin_reports_a_faulty_engine_by_fixture(tmp_path):
    source = "import hexref\n\n" + "".join(
        __import__("inspect").getsource(f) + "\n\n" for f in (ep_blind_moves, ep_blind_divide))
    (tmp_path / "ep_blind.py").write_text(source)
    code, out = run_pytest(tmp_path, "--hexref-engine", "ep_blind:ep_blind_divide",
                           "--hexref-variant", "glinski", "--hexref-max-nodes", "20000")
    assert code == 1, out
    assert "FAILED hexref::glinski/ep-special.fix::glinski-ep-pin" in out
    assert "FAILED hexref::glinski/glinski-std.epd::initial" in out
    assert "1/2k/5/7/1p7/11/KP3r5/11/11/11/11 b - - 0 1" in out  # the fixture's position
    assert "missing in the engine:" in out and "path:" in out
    assert "Traceback" not in out and "pytest_plugin.py" not in out
    code, out = run_pytest(tmp_path, "--hexref-engine", "ep_blind:ep_blind_divide",
                           "--hexref-variant", "glinski", "-k", "glinski-perft-start-list")
    assert code == 0 and "1 passed" in out, out


def test_the_plugin_refuses_a_filter_that_selects_nothing(tmp_path):
    (tmp_path / "engine.py").write_text("def divide(fen, moves, depth):\n    return {}\n")
    for args, why in [(["--hexref-profile", "diag-firstmove"], "no fixture of glinski applies"),
                      (["--hexref-profile", "no-such"], "not a profile of glinski"),
                      (["--hexref-engine", "engine:nothing"], "engine has no nothing")]:
        code, out = run_pytest(tmp_path, "--hexref-engine", "engine:divide",
                               "--hexref-variant", "glinski", *args)
        assert code == 4 and why in out, out
