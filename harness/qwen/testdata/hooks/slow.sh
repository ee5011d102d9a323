#!/usr/bin/env bash
# A hook that outruns its timeout.
cat >/dev/null
sleep 30
