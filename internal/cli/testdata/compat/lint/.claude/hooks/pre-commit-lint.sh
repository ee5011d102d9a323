#!/bin/sh
# Runs the linters before a commit, as pre-commit hooks do, and blocks the
# commit with every error they report: here 700 of them, some 75 KB, more
# than the 64 KiB of stderr hookchain keeps.
input=$(cat)
case $input in
*'"git commit'*) ;;
*) exit 0 ;;
esac
i=1
while [ $i -le 700 ]; do
	printf 'src/app/handlers.ts:%d:5 error  %s is assigned a value but never used  no-unused-vars\n' $i "variable_$i" >&2
	i=$((i + 1))
done
echo "pre-commit: 700 problems; fix them before committing" >&2
exit 2
