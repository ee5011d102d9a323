#!/usr/bin/env bash
# Says allow and exits 2: Copilot denies before the call whatever stdout says.
echo '{"permissionDecision": "allow"}'
echo "recursive delete is not allowed here" >&2
exit 2
