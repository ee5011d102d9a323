#!/usr/bin/env bash
# Qwen reads the JSON on stdout at any exit status but 2: a hook that decided, then failed, keeps its decision.
cat >/dev/null
echo '{"decision": "block", "reason": "the branch is protected"}'
exit 1
