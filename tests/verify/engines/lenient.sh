#!/bin/sh
# A script-protocol engine that plays the profile in LENIENT_PROFILE but, like
# Jocly, accepts a position that profile rejects (another profile's initial
# setup), answering for it under LENIENT_FALLBACK. identify must count such
# positions as "not applicable" for the strict profile, not as differences.
# Usage: lenient.sh DEPTH HEXFEN [MOVES]; HEXREF is the hexref binary.
out=$("$HEXREF" divide -v "$HEXREF_VARIANT" -p "$LENIENT_PROFILE" --fen "$2" ${3:+--moves "$3"} "$1" 2>/dev/null) ||
    out=$("$HEXREF" divide -v "$HEXREF_VARIANT" -p "$LENIENT_FALLBACK" --fen "$2" ${3:+--moves "$3"} "$1" 2>/dev/null) ||
    { echo "error no profile accepts this position"; exit 0; }
printf '%s\n' "$out"
