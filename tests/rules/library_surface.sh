#!/bin/sh
# library_surface.sh - the names the libraries export (issue 26, item 5).
#
#   library_surface.sh NM LIBHEXREF.a LIBHEXREF.so LIBORACLE.a
#
# libhexref.a and libhexref.so may export only hx_ names (the functions of
# hexref.h: rules/CMakeLists.txt keeps the rest local), and the oracle's
# archive only oracle_ (its API, oracle.h) and orc_ (its internals,
# oracle_int.h), so that linking either into a program cannot clash with the
# program's own names. Names that begin with two underscores are reserved
# to the compiler and its run-time (sanitizer and coverage builds add some)
# and are not counted. Fails naming every other exported name.
set -u
nm=${1:?usage: library_surface.sh NM LIBHEXREF.a LIBHEXREF.so LIBORACLE.a}
static=${2:?} shared=${3:?} oracle=${4:?}
bad=0

# check WHAT PATTERN NM-ARGS...: the defined global names nm lists must match PATTERN.
check() {
    what=$1 pattern=$2
    shift 2
    names=$("$nm" "$@") || { echo "library_surface: $nm $* failed" >&2; bad=1; return; }
    names=$(printf '%s\n' "$names" | awk 'NF >= 3 && $2 != "A" {print $3}' | sed 's/@.*//' | sort -u)
    [ -n "$names" ] || { echo "library_surface: $what: nm lists no names at all" >&2; bad=1; return; }
    leaks=$(printf '%s\n' "$names" | grep -v -E "^(__|$pattern)" || true)
    if [ -n "$leaks" ]; then
        echo "library_surface: $what exports names without its prefix ($pattern):" >&2
        printf '%s\n' "$leaks" | sed 's/^/  /' >&2
        bad=1
    fi
}

check "$static" 'hx_' -g --defined-only "$static"
check "$shared" 'hx_' -D --defined-only "$shared"
check "$oracle" 'oracle_|orc_' -g --defined-only "$oracle"
[ "$bad" = 0 ] && echo "library_surface: ok (hx_ in libhexref.a and .so, oracle_/orc_ in the oracle)"
exit "$bad"
