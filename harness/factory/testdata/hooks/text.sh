#!/bin/bash
# Prints plain text: shown in the transcript, decides nothing.
cat >/dev/null
echo "checked"
