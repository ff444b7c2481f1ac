#!/usr/bin/env bash
# check_man_completion.sh - the man page and the bash completion cover what
# the binary offers.
# Usage: check_man_completion.sh HEXREF MANPAGE COMPLETION
#   - the page renders without groff warnings;
#   - every command of 'hexref --help' has its section, and every option
#     named in 'hexref COMMAND --help' appears in it;
#   - completing 'hexref <TAB>', 'hexref perft -v <TAB>', 'hexref perft -v
#     brusky -p <TAB>' and 'hexref perft --<TAB>' offers exactly the binary's
#     commands, variants, Brusky profiles and perft options.
set -euo pipefail
hexref=$1 man=$2 completion=$3
fail() { echo "FAIL: $*"; exit 1; }

warnings=$(groff -man -ww -z -Tutf8 "$man" 2>&1)
[ -z "$warnings" ] || fail "groff warnings: $warnings"

commands=$("$hexref" --help | awk '/^commands:/ {on = 1; next} on && /^$/ {exit} on {print $1}')
[ "$(wc -w <<<"$commands")" -ge 10 ] || fail "too few commands in hexref --help: $commands"
noptions=0
for c in $commands; do
    grep -qx "\.SS $c" "$man" || fail "no section for '$c' in $man"
    for opt in $("$hexref" "$c" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        grep -qF -- "${opt//-/\\-}" "$man" || fail "option $opt of '$c' is not in $man"
        noptions=$((noptions + 1))
    done
done
[ "$noptions" -ge 20 ] || fail "only $noptions options found in the --help texts"

# Completion: load the script into a shell and ask it.
complete_words() { # complete_words WORD... (the last word is the one completed)
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _hexref
             printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$completion" "$@"
}
sorted() { tr ' ' '\n' | grep . | sort; }
[ "$(complete_words "$hexref" "")" = "$( (echo "$commands"; echo --help --version) | sorted)" ] ||
    fail "command completion differs from hexref --help"
[ "$(complete_words "$hexref" perft -v "")" = "$(echo shafran brusky glinski mccooey | sorted)" ] ||
    fail "variant completion: $(complete_words "$hexref" perft -v "")"
expected=$("$hexref" variants -v brusky | awk '/^  / {print $1}' | sort)
[ "$(wc -l <<<"$expected")" -ge 5 ] || fail "hexref variants -v brusky lists too few profiles"
[ "$(complete_words "$hexref" perft -v brusky -p "")" = "$expected" ] ||
    fail "profile completion: $(complete_words "$hexref" perft -v brusky -p "")"
complete_words "$hexref" perft --th | grep -qx -- --threads || fail "option completion misses --threads"
echo "man page: $(wc -w <<<"$commands") commands, $noptions options; completion agrees with the binary"
