#!/bin/sh
# Installs the build tree into a temporary prefix and compiles a tiny
# program against it with pkg-config, twice: against the shared library
# (hexref.pc: libhexref.so, SONAME libhexref.so.0) and against the static one
# (hexref-static.pc: libhexref.a). Both programs must print the same right
# answers; the shared one must need libhexref.so.0 and the static one must
# not. The shared library must export exactly the functions hexref.h and
# hexref_check.h declare (its internal helpers and kernel copies stay local).
#   install_test.sh BUILD_DIR CC SOURCE_FILE [EXTRA_CFLAGS]
set -eu
build=$1 cc=$2 source=$3 extra=${4:-}
prefix=$(mktemp -d "${TMPDIR:-/tmp}/hexref-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name hexref.pc)
test -n "$pc" || fail "no hexref.pc installed"
libdir=$(dirname "$(dirname "$pc")")
test -f "$libdir/pkgconfig/hexref-static.pc" || fail "no hexref-static.pc installed"
test -f "$prefix/include/hexref.h" || fail "no hexref.h"
test -f "$prefix/include/hexref_check.h" || fail "no hexref_check.h"
test -f "$libdir/libhexref.a" || fail "no libhexref.a"
test -f "$libdir/libhexref.so.0" || fail "no libhexref.so.0"
test -L "$libdir/libhexref.so" || fail "libhexref.so is not the development symlink"
soname=$(readelf -d "$libdir/libhexref.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
test "$soname" = libhexref.so.0 || fail "SONAME is '$soname', not libhexref.so.0"

# The exported surface is the headers': every hx_ function they declare, nothing else.
cat "$prefix/include/hexref.h" "$prefix/include/hexref_check.h" | grep -o 'hx_[a-z0-9_]*[ 	]*(' | sed 's/[ 	]*($//' | sort -u >"$prefix/declared"
nm -D --defined-only "$libdir/libhexref.so" | awk '$2 == "T" {sub(/@.*/, "", $3); print $3}' | sort -u >"$prefix/exported"
test -s "$prefix/declared" || fail "found no function in hexref.h and hexref_check.h"
cmp -s "$prefix/declared" "$prefix/exported" || {
    diff "$prefix/declared" "$prefix/exported" | sed 's/^</declared only:/; s/^>/exported only:/' >&2
    fail "libhexref.so exports other functions than hexref.h and hexref_check.h declare"
}
others=$(nm -D --defined-only "$libdir/libhexref.so" | awk '$2 != "T" && $2 != "A" {print $3}')
test -z "$others" || fail "libhexref.so exports data or other symbols: $others"
echo "libhexref.so: SONAME $soname, $(wc -l <"$prefix/declared") functions exported, as hexref.h and hexref_check.h declare"

export PKG_CONFIG_PATH="$libdir/pkgconfig"
for pkg in hexref hexref-static; do
    echo "pkg-config $pkg: $(pkg-config --cflags --libs "$pkg")"
    # shellcheck disable=SC2046,SC2086
    "$cc" -std=c11 $extra "$source" $(pkg-config --cflags "$pkg") $(pkg-config --libs "$pkg") \
        -o "$prefix/tiny-$pkg"
    needed=$(readelf -d "$prefix/tiny-$pkg" | grep -c 'NEEDED.*libhexref' || true)
    case $pkg in
        hexref) test "$needed" = 1 || fail "the program linked with hexref.pc does not need libhexref.so.0" ;;
        *) test "$needed" = 0 || fail "the program linked with hexref-static.pc needs libhexref.so" ;;
    esac
    LD_LIBRARY_PATH="$libdir" "$prefix/tiny-$pkg" > "$prefix/out-$pkg.txt"
    cat "$prefix/out-$pkg.txt"
    grep -qx "perft 3: 33307" "$prefix/out-$pkg.txt" || fail "$pkg: no 'perft 3: 33307'"
    test "$(grep -c '^[a-l][0-9]*[a-l][0-9]*$' "$prefix/out-$pkg.txt")" -eq 31 || fail "$pkg: not 31 moves"
done
cmp -s "$prefix/out-hexref.txt" "$prefix/out-hexref-static.txt" || fail "the shared and static programs disagree"
echo "install_test: ok"
