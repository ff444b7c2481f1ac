#!/bin/sh
# Floods stderr and never answers: stderr must be drained, not block or fill memory.
exec yes "debug: thinking" >&2
