#!/usr/bin/env bash
# Reports what Copilot gives a hook, in place of the output: its stdin,
# environment and directory.
jq -c --arg pwd "$(pwd)" --arg v "$POLICY" \
  '{modifiedResult: {resultType: "success", textResultForLlm: ({pwd: $pwd, policy: $v, input: del(.timestamp), stamp: (.timestamp | type == "number" and . > 1700000000000)} | tojson)}}'
