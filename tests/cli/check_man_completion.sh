#!/usr/bin/env bash
# check_man_completion.sh - the man page and the bash completion cover what
# the binary offers.
# Usage: check_man_completion.sh HEXREF MANPAGE COMPLETION
#   - the page renders without groff warnings;
#   - every command of 'hexref --help' has its section, and every option
#     named in 'hexref COMMAND --help' appears in it;
#   - completing 'hexref <TAB>', 'hexref perft -v <TAB>', 'hexref perft -v
#     brusky -p <TAB>' and 'hexref perft --<TAB>' offers exactly the binary's
#     commands, variants, Brusky profiles and perft options;
#   - for every command, the options 'hexref COMMAND -<TAB>' offers are
#     exactly those the command accepts, among every option any command
#     offers or any --help names (and the old -e): each is given to the
#     command (with a value and --help after it, so nothing runs), and an
#     option counts as accepted unless the command answers "unknown option",
#     "takes no option" or "no longer" (a renamed spelling);
#   - an option whose argument lists its values (-g reference|oracle)
#     completes to those values.
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
# Offered options against accepted ones, per command.
all_offered=$(for c in $commands; do complete_words "$hexref" "$c" -; done)
all_named=$(for c in $commands; do "$hexref" "$c" --help; done | grep -oE -- '(^|[ ,[])--?[a-zA-Z][a-zA-Z-]*' | tr -d ' ,[')
universe=$(printf '%s\n' "$all_offered" "$all_named" -e --engine | grep . | sort -u)
[ "$(wc -l <<<"$universe")" -ge 40 ] || fail "too few options overall: $universe"
said_file=$(mktemp)
trap 'rm -f "$said_file"' EXIT
accepts() { # accepts COMMAND OPTION: not refused as unknown, foreign or renamed
    # Run about 1,400 times: no subshell and no grep (each a process start,
    # which cost more than the hexref run itself, and thrice that under ASan).
    local said=
    "$hexref" "$1" "$2" 1 --help 2>"$said_file" >/dev/null || true
    IFS= read -r -d '' said <"$said_file" || true
    ! [[ $said =~ unknown\ option|takes\ no\ option|no\ longer ]]
}
npairs=0
for c in $commands; do
    offered=$(complete_words "$hexref" "$c" -)
    grep -qx -- --help <<<"$offered" || fail "'$c' completion does not offer --help"
    accepted=$(for opt in $universe; do if accepts "$c" "$opt"; then printf "%s\n" "$opt"; fi; done | sort)
    [ "$offered" = "$accepted" ] ||
        fail "'$c': completion offers [${offered//$'\n'/ }] but the command accepts [${accepted//$'\n'/ }]"
    npairs=$((npairs + $(wc -l <<<"$universe")))
done
for spec in "perft -g:oracle reference" "show --format:html svg text" "verify --protocol:script uci"; do
    IFS=: read -r words want <<<"$spec"
    # shellcheck disable=SC2086
    got=$(complete_words "$hexref" $words "" | tr '\n' ' ')
    [ "$got" = "$want " ] || fail "values of '$words': got '$got', want '$want'"
done
said=$("$hexref" perft -v shafran -e oracle 1 2>&1 || true)
grep -q -- "--generator" <<<"$said" ||
    fail "perft -e oracle does not name --generator"
echo "completion: the offered options are the accepted ones ($npairs command/option pairs tried)"
echo "man page: $(wc -w <<<"$commands") commands, $noptions options; completion agrees with the binary"
