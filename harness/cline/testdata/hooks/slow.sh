#!/usr/bin/env bash
# Cline: a hook that outruns its time.
cat > /dev/null
sleep 30
