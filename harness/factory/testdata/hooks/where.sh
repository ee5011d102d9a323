#!/bin/bash
# Tells where it runs and what FACTORY_PROJECT_DIR is, as a block.
cat >/dev/null
echo "project=$FACTORY_PROJECT_DIR cwd=$PWD" >&2
exit 2
