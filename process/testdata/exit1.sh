#!/bin/sh
# Fails, explains why on stderr, and still prints an allow: the exit status
# is read first, so the allow counts for nothing.
echo 'guard: cannot read policy.json' >&2
printf '{"verdict":"allow"}\n'
exit 1
