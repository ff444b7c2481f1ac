#!/bin/sh
# A complete and correct answer, then exit status 3.
"$(dirname "$0")/../../../examples/hexref-perftree" "$@"
exit 3
