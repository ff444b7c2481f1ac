#!/usr/bin/env bash
# wheel_test.sh SOURCE_DIR HEXREF OUT - builds the Python wheel (ci/py-package
# --out OUT), installs it offline into a fresh venv in a temporary folder and
# runs test_wheel.py there with pytest (docs/python.md's examples and
# hexref.h's limits too; the two files copied beside it), away
# from the source tree (no PYTHONPATH), against the hexref command HEXREF;
# then the example project examples/python-pytest/ (a copy), with the two
# commands of its README: its tests, and the pytest plugin on its engine.
# Fails, never skips, when the wheel cannot be built or installed.
# With LIB and RUNTIME (a sanitizer build: its libhexref.so.0 and the ASan
# runtime), test_wheel.py runs with the package's library replaced by LIB
# and RUNTIME preloaded into python instead.
# Usage: wheel_test.sh SOURCE_DIR HEXREF OUT [LIB RUNTIME]
set -euo pipefail
src=$1 cli=$2 out=$3 sanitized_lib=${4:-} asan_runtime=${5:-}
fail() { echo "wheel_test FAILED: $*" >&2; exit 1; }

"$src/ci/install-deps" python3-venv python3-pytest || fail "ci/install-deps python3-venv python3-pytest"
wheel=$("$src/ci/py-package" --out "$out" | tail -n 1) || fail "ci/py-package could not build the wheel"
[ -f "$wheel" ] || fail "ci/py-package printed '$wheel', which is no file"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Debian's interpreter; the venv sees Debian's pytest (system site-packages),
# and nothing else of hexref's: the package comes from the wheel alone.
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv"
"$tmp/venv/bin/python" -m pip install --quiet --no-index --no-deps "$wheel" ||
  fail "pip install --no-index $wheel"
mkdir "$tmp/project"
cp "$src/tests/python/test_wheel.py" "$src/docs/python.md" "$src/rules/include/hexref.h" "$tmp/project/"
cp -r "$src/examples/python-pytest" "$tmp/example"
cd "$tmp/project"
# The example's README commands; each must pass, and say as many passed as
# the README says (its "# the plugin: N passed").
plugin_count=$(sed -n 's/.*# the plugin: \([0-9]*\) passed.*/\1/p' "$src/examples/python-pytest/README.md")
[ -n "$plugin_count" ] || fail "examples/python-pytest/README.md says no '# the plugin: N passed'"
run_example() {
  (cd "$tmp/example" &&
   env -u PYTHONPATH "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider |
     tee "$tmp/example.out" && grep -q "^4 passed" "$tmp/example.out" &&
   env -u PYTHONPATH "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider \
     --hexref-engine my_engine:divide --hexref-variant glinski | tail -n 3 | tee "$tmp/example.out" &&
     grep -q "^$plugin_count passed" "$tmp/example.out") || fail "examples/python-pytest (its README's commands)"
}
run_wheel_tests() {
  env -u PYTHONPATH HEXREF_CLI="$cli" "$@" "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider \
      test_wheel.py
}
run_tests() {
  run_wheel_tests
  run_example
}
# In a sanitizer build the plain run is the Release build's python_wheel:
# only test_wheel.py with the sanitized library is new there (the example
# project's runs take the library paths test_wheel.py takes: divide,
# verify, identify and the plugin, each with a Python engine).
if [ -z "$sanitized_lib" ]; then
  run_tests
  exit 0
fi

echo "+ test_wheel.py with the sanitized library $sanitized_lib"
package=$("$tmp/venv/bin/python" -c 'import hexref, os; print(os.path.dirname(hexref.__file__))')
cp -L "$sanitized_lib" "$package/libhexref.so.0"
# PYTHONMALLOC=malloc: every buffer the package hands the library comes from
# malloc, which ASan guards (pymalloc's arenas it cannot see into). Python's
# own allocations are not the library's: no leak report at exit.
run_wheel_tests LD_PRELOAD="$asan_runtime" PYTHONMALLOC=malloc ASAN_OPTIONS=detect_leaks=0 \
    UBSAN_OPTIONS=halt_on_error=1
