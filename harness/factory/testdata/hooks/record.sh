#!/bin/bash
# Records its input.
cat > "$1"
