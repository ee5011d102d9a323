#!/usr/bin/env bash
# Cline: an answer its validation rejects (cancel is not a boolean).
cat > /dev/null
echo '{"cancel": "yes", "errorMessage": "no"}'
exit "${1:-0}"
