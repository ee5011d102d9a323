#!/usr/bin/env bash
# Cline: a valid answer counts whatever the exit status.
cat > /dev/null
echo '{"cancel": true, "errorMessage": "recursive delete is not allowed here"}'
exit 1
