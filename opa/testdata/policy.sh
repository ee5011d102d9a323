#!/bin/sh
# The example policy's rules for Bash (testdata/hookchain.rego), as a native
# process hook, as far as sh reads JSON: the process hook that
# BenchmarkPolicy sets beside Embedded. It runs no other program for an
# allowed call.
read -r req
case $req in
*'"hook":"before_tool","tool":"Bash"'*)
	case $req in
	*'rm -rf'* | *'rm -fr'*)
		printf '{"verdict":"deny","reason":"rm -rf deletes a whole tree; remove files by name"}\n' ;;
	*'git push'*)
		printf '{"verdict":"ask","reason":"git push publishes commits to a shared remote"}\n' ;;
	*'"timeout":'*)
		printf '{"verdict":"allow"}\n' ;;
	*)
		input=${req#*\"input\":}
		input=${input%\}}
		printf '{"verdict":"modify","reason":"added a 60s timeout","input":%s,"timeout":60}}\n' "${input%\}}" ;;
	esac ;;
*'"hook":"after_tool"'*AKIA*)
	output=$(printf '%s\n' "$req" | sed 's/.*"output":\(".*"\),"is_error".*/\1/; s/AKIA[0-9A-Z]\{16\}/[redacted]/g')
	printf '{"verdict":"replace","reason":"redacted an AWS access key","output":%s}\n' "$output" ;;
*)
	printf '{"verdict":"allow"}\n' ;;
esac
