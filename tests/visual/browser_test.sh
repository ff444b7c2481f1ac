#!/usr/bin/env bash
# browser_test.sh - the pictures in a real browser: headless Chromium renders
# each variant's start position (hexref show --format html) and the HTML
# report of a real finding (hexref verify --report on the planted-fault
# engine tests/verify/faulty_engine.c), takes a screenshot and dumps the DOM.
#
# Checked: the DOM has one data-cell element per cell (70 84 91 91) and one
# data-piece per piece of the HexFEN; the report names the finding, its
# differing moves (as arrows too), the path, the reproduction and a fixture,
# and its inline script ran; each PNG has the expected size, is not blank and
# shows the three cell colours (tests/visual/screenshots.ref: properties,
# not pixels, so fonts cannot make it flaky). Screenshots stay in OUTDIR.
#
# Usage: browser_test.sh HEXREF FAULTY_ENGINE OUTDIR
# Without chromium it tries ci/install-deps chromium; if that is impossible
# it prints SKIP and exits 77 (ctest shows the test as skipped), or exits 1
# when HEXREF_REQUIRE_BROWSER=1 (as ci/test sets it). ~20-40 s.
set -u
hexref=$1 faulty=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.dom "$out"/*.html
passed=0 failed=0
check() { # check NAME STATUS
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  "$root/ci/install-deps" chromium >&2 || true
  browser=$(command -v chromium || true)
fi
if [ -z "$browser" ]; then
  why="chromium is not installed and could not be installed (ci/install-deps chromium)"
  if [ "${HEXREF_REQUIRE_BROWSER:-0}" = 1 ]; then
    echo "FAIL: $why; HEXREF_REQUIRE_BROWSER=1 forbids skipping"
    exit 1
  fi
  echo "SKIP: $why"
  exit 77
fi

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --hide-scrollbars --user-data-dir="$profile")

shoot() { # shoot NAME WIDTH HEIGHT: NAME.html -> NAME.png and NAME.dom
  local name=$1
  timeout 60 "$browser" "${flags[@]}" --window-size="$2,$3" --screenshot="$out/$name.png" \
    "file://$out/$name.html" >/dev/null 2>"$out/$name.log"
  timeout 60 "$browser" "${flags[@]}" --dump-dom "file://$out/$name.html" \
    >"$out/$name.dom" 2>>"$out/$name.log"
  [ -s "$out/$name.png" ] && [ -s "$out/$name.dom" ]
  check "$name: chromium wrote the screenshot and the DOM (log: $out/$name.log)" $?
}

# PNG properties against tests/visual/screenshots.ref:
# NAME WIDTH HEIGHT MIN_COLOURS MAX_COLOURS MAX_BACKGROUND_FRACTION MIN_PIXELS_PER_CELL_COLOUR
check_png() {
  local name=$1 props ref
  ref=$(awk -v n="$name" '$1 == n' "$here/screenshots.ref")
  [ -n "$ref" ] || { check "$name: no line in screenshots.ref" 1; return; }
  props=$(python3 "$here/png_props.py" "$out/$name.png") || { check "$name.png readable" 1; return; }
  echo "$name.png: $props (width height colours background cell0 cell1 cell2)"
  read -r _ w h cmin cmax bgmax cellmin <<<"$ref"
  read -r pw ph colours bg c0 c1 c2 <<<"$props"
  [ "$pw" = "$w" ] && [ "$ph" = "$h" ]; check "$name.png is ${w}x${h}, not ${pw}x${ph}" $?
  [ "$colours" -ge "$cmin" ] && [ "$colours" -le "$cmax" ]
  check "$name.png has $colours colours, expected $cmin..$cmax" $?
  awk -v b="$bg" -v m="$bgmax" 'BEGIN { exit !(b <= m) }'
  check "$name.png is $bg background, at most $bgmax (blank?)" $?
  [ "$c0" -ge "$cellmin" ] && [ "$c1" -ge "$cellmin" ] && [ "$c2" -ge "$cellmin" ]
  check "$name.png shows the three cell colours ($c0 $c1 $c2 pixels, at least $cellmin each)" $?
}

count_in() { grep -o -- "$1" "$2" | wc -l; }

pieces_in_fen() { # the men of a HexFEN's placement field
  printf '%s' "${1%% *}" | tr -cd 'KQRBNPkqrbnp' | wc -c
}

# The four start positions.
for vc in shafran:70 brusky:84 glinski:91 mccooey:91; do
  v=${vc%%:*} cells=${vc##*:}
  "$hexref" show -v "$v" --format html -o "$out/$v-start.html"
  check "$v: show --format html" $?
  fen=$("$hexref" show -v "$v" | head -n 1 | sed 's/^[^ ]* ([^)]*)   //')
  shoot "$v-start" 720 860
  n=$(count_in 'data-cell="' "$out/$v-start.dom")
  [ "$n" -eq "$cells" ]; check "$v: $n data-cell elements in the DOM, expected $cells" $?
  n=$(count_in 'data-piece="' "$out/$v-start.dom") men=$(pieces_in_fen "$fen")
  [ "$n" -eq "$men" ]; check "$v: $n data-piece elements, the HexFEN has $men men" $?
  check_png "$v-start"
done

# A real finding: the engine drops f3h5 and adds f3f8 two plies deep.
fault='b/qbk/rnbnr/1pppppp/1p7/11/11/4PP5/5BP4/3PNBNP3/2PRQBKRP2 w - - 0 2'
FAULT_FEN=$fault FAULT_DROP=f3h5 FAULT_ADD=f3f8 "$hexref" verify -e "$faulty" -v mccooey -d 4 \
  --report "$out/report.html" >"$out/verify.txt"
[ $? -eq 1 ] && grep -q "FAIL initial position: missing move f3h5, extra move f3f8 after e3e4 c8c7: generation is wrong" "$out/verify.txt"
check "verify finds the planted fault (see $out/verify.txt)" $?
shoot report 1100 1400
dom=$out/report.dom
grep -q '1 checks: 0 passed, 1 failed' "$dom"; check "report: summary counts" $?
main=$(awk '/class="board main-board"/,/<\/svg>/' "$dom")
n=$(grep -o 'data-cell="' <<<"$main" | wc -l)
[ "$n" -eq 91 ]; check "report: the minimal position's board has $n cells, expected 91" $?
n=$(grep -o 'data-piece="' <<<"$main" | wc -l) men=$(pieces_in_fen "$fault")
[ "$n" -eq "$men" ]; check "report: $n pieces on the minimal board, the HexFEN has $men" $?
grep -q 'data-arrow="f3h5" data-kind="missing"' <<<"$main"; check "report: missing f3h5 arrow" $?
grep -q 'data-arrow="f3f8" data-kind="extra"' <<<"$main"; check "report: extra f3f8 arrow" $?
grep -qF "$fault" "$dom"; check "report: names the minimal position" $?
grep -q 'path to the minimal position.*e3e4 c8c7' "$dom"; check "report: names the path" $?
grep -q 'class="on" data-goto="2"\|data-goto="2" class="on"' "$dom"
check "report: the inline stepper script ran (last move selected)" $?
grep -qF -- "--moves 'e3e4 c8c7' -d 1" "$dom"
check "report: the reproducing command" $?
grep -q '^legal f3h5$' "$dom" && grep -q '^illegal f3f8$' "$dom" && grep -q '^line e3e4 c8c7$' "$dom"
check "report: the fixture snippet" $?
! grep -Eq '(src|href)="(https?:)?//' "$out/report.html"; check "report: nothing fetched" $?
check_png report

# The conformance matrix: hexref's engine under std and two bug models.
{
  echo "hexref-glinski glinski std uci $hexref engine"
  echo "neg-mccooey-capture glinski std uci $hexref engine -p neg-mccooey-capture"
  echo "neg-promote-rank1 glinski std uci $hexref engine -p neg-promote-rank1"
} >"$out/engines.txt"
"$hexref" matrix "$out/engines.txt" --random 5 -o "$out/matrix" >"$out/matrix.txt"
[ $? -eq 1 ]; check "matrix: exit 1 (two engines have bugs; see $out/matrix.txt)" $?
cp "$out/matrix/index.html" "$out/matrix.html"
shoot matrix 1600 420
dom=$out/matrix.dom
n=$(count_in '<tr data-engine="' "$dom")
[ "$n" -eq 3 ]; check "matrix: $n engine rows in the DOM, expected 3" $?
grep -q 'data-engine="hexref-glinski" data-ok="1"' "$dom"; check "matrix: hexref-glinski passes" $?
grep -q 'data-engine="neg-promote-rank1" data-ok="0"' "$dom"; check "matrix: neg-promote-rank1 fails" $?
n=$(count_in 'class="fail" data-topic=' "$dom")
[ "$n" -ge 5 ]; check "matrix: $n failing cells, expected at least 5" $?
grep -q 'href="neg-mccooey-capture.html#finding-' "$dom"; check "matrix: a failing cell links to its finding" $?
! grep -Eq '(src|href)="(https?:)?//' "$out/matrix.html"; check "matrix: nothing fetched" $?
# pass cells (#e8f5e9) and fail cells (#ffebee) both show
read -r pw ph colours bg green red _ <<<"$(python3 "$here/png_props.py" "$out/matrix.png" --count e8f5e9,ffebee,ffffff)"
echo "matrix.png: ${pw}x${ph}, $colours colours, background $bg, pass cells $green px, fail cells $red px"
[ "$pw" = 1600 ] && [ "$green" -ge 20000 ] && [ "$red" -ge 10000 ]
check "matrix.png shows pass and fail cells ($green and $red pixels)" $?

echo "screenshots: $out/*.png"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
