#!/bin/bash -eu
# fuzz/build.sh - OSS-Fuzz style build of the fuzz targets, without CMake.
#
# Honours the OSS-Fuzz variables:
#   CC, CFLAGS          compiler and flags (sanitizers and coverage included),
#                       e.g. CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link"
#   CXX                 used to link, if set (engines may need a C++ runtime)
#   LIB_FUZZING_ENGINE  the engine to link, e.g. -fsanitize=fuzzer or
#                       /usr/lib/afl/libAFLDriver.a
#   OUT                 where the targets, their .dict files and their
#                       <target>_seed_corpus.zip go
#   WORK                scratch directory for objects (default: a temporary one)
# Defaults (for a local run): clang, libFuzzer with ASan+UBSan, OUT=build-fuzz/out.
#
#   fuzz/build.sh && build-fuzz/out/movegen_diff -max_total_time=60

SRC_ROOT=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-clang}
# (pointer-overflow is left out as in fuzz/CMakeLists.txt, which says why)
CFLAGS=${CFLAGS:--O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined,fuzzer-no-link -fno-sanitize=pointer-overflow}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer,address,undefined}
OUT=${OUT:-$SRC_ROOT/build-fuzz/out}
WORK=${WORK:-$(mktemp -d)}
LINK=${CXX:-$CC}
TARGETS="movegen_diff perft_diff hexfen_parse move_parse"

INCLUDES="-I$SRC_ROOT/rules/include -I$SRC_ROOT/rules -I$SRC_ROOT/oracle -I$SRC_ROOT/harness -I$SRC_ROOT/fuzz"
DEFINES="-D_POSIX_C_SOURCE=200809L"
mkdir -p "$OUT" "$WORK/obj"

# The oracle is test code, not what is fuzzed: it is compiled without ASan
# and UBSan (fuzz/CMakeLists.txt says why that is sound) unless
# HEXREF_FUZZ_SANITIZE_ORACLE=1.
ORACLE_CFLAGS="-fno-sanitize=address,undefined"
[ "${HEXREF_FUZZ_SANITIZE_ORACLE:-0}" = 1 ] && ORACLE_CFLAGS=""
# For the diff targets its coverage is not fed to libFuzzer either (the
# library "oracle_diff"; fuzz/CMakeLists.txt says why).
DIFF_ORACLE_CFLAGS=$ORACLE_CFLAGS
case $CFLAGS in *fuzzer-no-link*) DIFF_ORACLE_CFLAGS="$ORACLE_CFLAGS -fno-sanitize=fuzzer-no-link" ;; esac

# One static library per part, so that only what a target uses is linked:
# compile_part LIBRARY SOURCE_DIR EXTRA_CFLAGS.
compile_part() {
    local lib=$1 part=$2 extra=$3 src obj objs=()
    for src in "$SRC_ROOT/$part"/*.c; do
        obj="$WORK/obj/${lib}_$(basename "$src" .c).o"
        # shellcheck disable=SC2086 # CFLAGS and the include list are word lists
        $CC $CFLAGS $extra -std=c11 $DEFINES $INCLUDES -c "$src" -o "$obj"
        objs+=("$obj")
    done
    ar rcs "$WORK/lib$lib.a" "${objs[@]}"
}

compile_part rules rules ""
compile_part harness harness ""
compile_part oracle oracle "$ORACLE_CFLAGS"
compile_part oracle_diff oracle "$DIFF_ORACLE_CFLAGS"
# shellcheck disable=SC2086
$CC $CFLAGS -std=c11 $DEFINES $INCLUDES -c "$SRC_ROOT/fuzz/fuzz_common.c" -o "$WORK/obj/fuzz_common.o"

for t in $TARGETS; do
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 $DEFINES $INCLUDES -c "$SRC_ROOT/fuzz/$t.c" -o "$WORK/obj/$t.o"
    oracle=oracle
    case $t in *_diff) oracle=oracle_diff ;; esac
    # shellcheck disable=SC2086
    $LINK $CFLAGS "$WORK/obj/$t.o" "$WORK/obj/fuzz_common.o" "$WORK/libharness.a" \
        "$WORK/librules.a" "$WORK/lib$oracle.a" $LIB_FUZZING_ENGINE -lpthread -o "$OUT/$t"
    cp "$SRC_ROOT/fuzz/$t.dict" "$OUT/$t.dict"
    if [ -d "$SRC_ROOT/corpus/$t" ] && command -v zip >/dev/null; then
        rm -f "$OUT/${t}_seed_corpus.zip"
        zip -q -j "$OUT/${t}_seed_corpus.zip" "$SRC_ROOT/corpus/$t"/*
    fi
done
echo "fuzz/build.sh: $TARGETS in $OUT"
