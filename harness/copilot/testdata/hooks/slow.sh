#!/usr/bin/env bash
# Outruns its timeout.
sleep 5
echo '{"permissionDecision": "deny", "permissionDecisionReason": "too late"}'
