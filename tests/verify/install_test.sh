#!/bin/sh
# Installs the build tree into a temporary prefix and compiles a tiny
# program against it with pkg-config (libhexref.a, hexref.h, hexref.pc).
#   install_test.sh BUILD_DIR CC SOURCE_FILE [EXTRA_CFLAGS]
set -eu
build=$1 cc=$2 source=$3 extra=${4:-}
prefix=$(mktemp -d "${TMPDIR:-/tmp}/hexref-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name hexref.pc)
test -n "$pc" || { echo "install_test: no hexref.pc installed" >&2; exit 1; }
test -f "$prefix/include/hexref.h" || { echo "install_test: no hexref.h" >&2; exit 1; }
find "$prefix" -name libhexref.a | grep -q . || { echo "install_test: no libhexref.a" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
echo "pkg-config: $(pkg-config --cflags --libs hexref)"
# shellcheck disable=SC2046,SC2086
"$cc" -std=c11 $extra "$source" $(pkg-config --cflags hexref) $(pkg-config --libs hexref) \
    -o "$prefix/tiny"
"$prefix/tiny" > "$prefix/out.txt"
cat "$prefix/out.txt"
grep -qx "perft 3: 33307" "$prefix/out.txt"
test "$(grep -c '^[a-l][0-9]*[a-l][0-9]*$' "$prefix/out.txt")" -eq 31
echo "install_test: ok"
