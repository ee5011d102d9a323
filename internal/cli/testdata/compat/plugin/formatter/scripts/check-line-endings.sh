#!/bin/sh
# Refuses content with carriage returns, which the JSON input writes as \r.
input=$(cat)
case $input in
*'\r\n'*)
	echo "use LF line endings ($CLAUDE_PLUGIN_ROOT/.editorconfig)" >&2
	exit 2 ;;
esac
exit 0
