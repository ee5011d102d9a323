#!/bin/sh
# Blocks force-pushes.
input=$(cat)
case $input in
*'git push'*'--force'*|*'git push'*' -f'*)
	echo "force-pushing rewrites shared history; push a new branch instead" >&2
	exit 2 ;;
esac
exit 0
