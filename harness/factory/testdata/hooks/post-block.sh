#!/bin/bash
# Blocks after the call: feedback to the model.
cat >/dev/null
echo '{"decision":"block","reason":"the output holds a secret"}'
