#!/usr/bin/env bash
# A beforeReadFile hook: a file that holds a key is not read.
if jq -e '.content | test("API_KEY")' >/dev/null; then
  echo '{"permission":"deny"}'
else
  echo '{"permission":"allow"}'
fi
