#!/usr/bin/env bash
# Plain text on stdout, and the exit status given as $2 (0 by default).
cat >/dev/null
echo "checked $1"
exit "${2:-0}"
