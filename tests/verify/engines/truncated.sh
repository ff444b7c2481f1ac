#!/bin/sh
# The first five lines of a correct answer, and then nothing.
"$(dirname "$0")/../../../examples/hexref-perftree" "$@" | head -n 5
