#!/usr/bin/env bash
# make-man.sh - writes the hexref(1) man page from the built binary's own
# --help texts, so the page and the help cannot drift: the overview of
# 'hexref --help' gives the list of commands, 'hexref COMMAND --help' each
# command's usage and options, 'hexref --version' the version.
# Usage: make-man.sh HEXREF > hexref.1   (the build runs it: cli/CMakeLists.txt)
set -euo pipefail
hexref=${1:?usage: make-man.sh HEXREF}

# roff escaping: backslashes, hyphens (so that options copy and search as
# ASCII), and lines that would start with a control character.
esc() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

overview=$("$hexref" --help)
version=$("$hexref" --version)
commands=$(awk '/^commands:/ {on = 1; next} on && /^$/ {exit} on {print $1}' <<<"$overview")
[ -n "$commands" ] || { echo "make-man.sh: no commands in '$hexref --help'" >&2; exit 1; }

cat <<ROFF
.TH HEXREF 1 "" "$version" "User Commands"
.SH NAME
hexref \\- the reference rules of hexagonal chess, and a harness that checks other implementations against them
.SH SYNOPSIS
.B hexref
.I COMMAND
.RI [ options ]
.br
.B hexref
.I COMMAND
.B \\-\\-help
.br
.B hexref \\-\\-help
.br
.B hexref \\-\\-version
.SH DESCRIPTION
.nf
$(esc <<<"$overview")
.fi
.SH COMMANDS
ROFF
for c in $commands; do
    echo ".SS $c"
    echo ".nf"
    "$hexref" "$c" --help | esc
    echo ".fi"
done
cat <<'ROFF'
.SH ENVIRONMENT
.TP
.B HEXREF_DATA
The folder that holds hexref's data (\fBfixtures/\fR, \fBperft\-suites/\fR,
\fBrules/\fR). Without it, hexref looks in \fI../share/hexref\fR relative to
its own executable, so an installed tree may be moved anywhere.
.SH FILES
.TP
.I share/hexref/fixtures/
the conformance fixtures, run by \fBhexref fixtures\fR and the default of
\fBverify \-\-fixtures\fR and \fBidentify\fR
.TP
.I share/hexref/perft\-suites/
cross\-validated perft suites for \fBhexref suite\fR and \fBverify \-\-suite\fR
.TP
.I share/hexref/rules/
the rules of the four variants and their profiles, with sources
.TP
.I share/hexref/conventions.md
HexFEN, move text and the state updates after a move
.SH EXIT STATUS
0 success, 1 a check failed or the input was bad (a message on stderr names
the problem and where), 2 usage error.
.SH SEE ALSO
The rules: \fIshare/hexref/rules/README.md\fR. The fixture format:
\fIshare/hexref/fixtures.md\fR.
ROFF
