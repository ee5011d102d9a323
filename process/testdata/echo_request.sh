#!/bin/sh
# Answers with the request it was sent, verbatim: before the call as the
# input {"request": REQUEST}, after it as the output.
read -r req
case $req in
*'"hook":"before_tool"'*) printf '{"decision":"modify","input":{"request":%s}}\n' "$req" ;;
*) printf '{"decision":"replace","output":%s}\n' "$req" ;;
esac
