#!/bin/sh
# A persistent hook in sh, with a behaviour per mode ($1). It writes its pid
# to $HOOKCHAIN_PIDFILE when that is set.
[ -n "$HOOKCHAIN_PIDFILE" ] && echo $$ > "$HOOKCHAIN_PIDFILE"
mode=$1

case $mode in
nohello) printf '{"verdict":"allow"}\n' ;;
version2) printf '{"protocol":"hookchain-persistent","version":2}\n' ;;
silent) exec sleep 1000 ;;
deaf)
	# Says hello, then reads nothing.
	printf '{"protocol":"hookchain-persistent","version":1}\n'
	exec sleep 1000 ;;
exit) echo "no config file" >&2; exit 1 ;;
grandchild)
	sleep 1000 &
	echo $! > "$HOOKCHAIN_PIDFILE.grandchild"
	printf '{"protocol":"hookchain-persistent","version":1}\n' ;;
ignoreterm)
	trap '' TERM
	printf '{"protocol":"hookchain-persistent","version":1}\n' ;;
ahead)
	printf '{"protocol":"hookchain-persistent","version":1}\n'
	if [ ! -e "$HOOKCHAIN_PIDFILE.ahead" ]; then
		# The first process reads nothing, and once told to, answers call
		# 2 before it could have read it; the next one allows.
		: > "$HOOKCHAIN_PIDFILE.ahead"
		while [ ! -e "$HOOKCHAIN_PIDFILE.go" ]; do sleep 0.01; done
		printf '{"id":2,"verdict":"allow","reason":"ahead"}\n'
		exec sleep 1000
	fi ;;
closeout)
	# Reads a call, closes its stdout and lives on.
	printf '{"protocol":"hookchain-persistent","version":1}\n'
	read -r req
	exec >&-
	exec sleep 1000 ;;
*) printf '{"protocol":"hookchain-persistent","version":1}\n' ;;
esac

# answer ID VERDICT REASON
answer() { printf '{"id":%s,"verdict":"%s","reason":"%s"}\n' "$1" "$2" "$3"; }

n=0
while IFS= read -r req; do
	n=$((n + 1))
	id=${req#'{"id":'}
	id=${id%%,*}
	tool=${req#*'"tool":"'}
	tool=${tool%%'"'*}
	case $mode in
	allow | grandchild) answer "$id" allow "$tool" ;;
	policy)
		case $req in
		*'rm -rf'*) answer "$id" deny "recursive delete" ;;
		*) answer "$id" allow "" ;;
		esac ;;
	hang) ;;
	die) echo "giving up on call $id" >&2; exit 3 ;;
	reverse)
		# Answers each pair of calls in the reverse order, each with its id.
		if [ $((n % 2)) -eq 1 ]; then
			first=$id firsttool=$tool
		else
			answer "$id" allow "$tool"
			answer "$first" allow "$firsttool"
		fi ;;
	unknown) answer 999 allow "$tool" ;;
	twice)
		# The first process answers the first of two calls twice, and the
		# second never; the next one answers each call once.
		if [ -e "$HOOKCHAIN_PIDFILE.twice" ]; then
			answer "$id" allow "$tool"
		elif [ $((n % 2)) -eq 1 ]; then
			first=$id firsttool=$tool
		else
			: > "$HOOKCHAIN_PIDFILE.twice"
			answer "$first" allow "$firsttool"
			answer "$first" deny "again"
		fi ;;
	notjson) echo "allow, I suppose" ;;
	flood) head -c 3000000 /dev/zero | tr '\0' x ;;
	stderr)
		head -c 3000000 /dev/zero | tr '\0' e >&2
		answer "$id" allow "$tool" ;;
	late)
		# A call for the tool Slow is answered late, in the background; any
		# other at once.
		case $tool in
		# The test says when, by creating $HOOKCHAIN_PIDFILE.late.
		Slow) (until [ -e "$HOOKCHAIN_PIDFILE.late" ]; do sleep 0.01; done; answer "$id" deny "too late") & ;;
		*) answer "$id" allow "$tool" ;;
		esac ;;
	error) printf '{"id":%s,"error":"the policy file is unreadable"}\n' "$id" ;;
	fds) answer "$id" allow "$(/bin/ls /proc/self/fd | tr '\n' ' ')" ;;
	env) answer "$id" allow "persistent=${HOOKCHAIN_PERSISTENT-unset} secret=${HOOKCHAIN_TEST_SECRET-unset} mine=${MINE-unset}" ;;
	ignoreterm | ahead) answer "$id" allow "$tool" ;;
	crash | crashonce)
		# A call for the tool Crash kills the process, a moment later (in
		# crashonce, only the first process); any other is answered at once.
		case $tool in
		Crash)
			if [ $mode = crash ] || [ ! -e "$HOOKCHAIN_PIDFILE.crashed" ]; then
				: > "$HOOKCHAIN_PIDFILE.crashed"
				if [ "$HOOKCHAIN_CRASH_AFTER" = cue ]; then
					# The test says when, by creating $HOOKCHAIN_PIDFILE.cue.
					until [ -e "$HOOKCHAIN_PIDFILE.cue" ]; do sleep 0.01; done
				else
					sleep "${HOOKCHAIN_CRASH_AFTER:-0.5}"
				fi
				echo "crashed on call $id" >&2
				exit 3
			fi
			answer "$id" allow "$tool" ;;
		*) answer "$id" allow "$tool" ;;
		esac ;;
	crashlater)
		# The first process answers a call for the tool Crash, and is
		# killed by what that call left behind a moment later, holding
		# whatever it was sent since.
		case $tool in
		Crash)
			answer "$id" allow "$tool"
			if [ ! -e "$HOOKCHAIN_PIDFILE.crashed" ]; then
				: > "$HOOKCHAIN_PIDFILE.crashed"
				(sleep 0.3; kill -9 $$) &
				sleep 1000
			fi ;;
		*) answer "$id" allow "$tool" ;;
		esac ;;
	midline) printf '{"id":%s,"verdict":"al' "$id"; exit 0 ;;
	exit0) exit 0 ;;
	padded)
		# Answers with a line of exactly $HOOKCHAIN_LINE_LEN bytes before
		# its newline.
		start="{\"id\":$id,\"verdict\":\"allow\",\"reason\":\""
		pad=$(head -c $((HOOKCHAIN_LINE_LEN - ${#start} - 2)) /dev/zero | tr '\0' x)
		printf '%s%s"}\n' "$start" "$pad" ;;
	hold)
		# Holds every call for the tool Slow, and answers any other at once
		# with how many calls it holds, that one included.
		case $tool in
		Slow) held=$((${held:-0} + 1)) ;;
		*) answer "$id" allow "$((${held:-0} + 1))" ;;
		esac ;;
	esac
done
# stdin has ended: the host is closing the hook.
case $mode in
ignoreterm) exec sleep 1000 ;;
esac
