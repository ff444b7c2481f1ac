#!/usr/bin/env bash
# wheel_test.sh SOURCE_DIR HEXREF OUT - builds the Python wheel (ci/py-package
# --out OUT), installs it offline into a fresh venv in a temporary folder and
# runs test_wheel.py there with pytest (docs/python.md's examples too), away
# from the source tree (no PYTHONPATH), against the hexref command HEXREF.
# Fails, never skips, when the wheel cannot be built or installed.
set -euo pipefail
src=$1 cli=$2 out=$3
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
cp "$src/tests/python/test_wheel.py" "$src/docs/python.md" "$tmp/project/"
cd "$tmp/project"
env -u PYTHONPATH HEXREF_CLI="$cli" "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider test_wheel.py
