#!/bin/sh
# Reads a little of its stdin, closes it, and answers.
head -c 16 >/dev/null
exec 0<&-
printf '{"verdict":"allow"}\n'
