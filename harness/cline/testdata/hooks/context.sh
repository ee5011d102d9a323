#!/usr/bin/env bash
# Cline: context for the model, before or after the call.
cat > /dev/null
echo '{"cancel": false, "contextModification": "  this repository uses pnpm (bash)\n"}'
