#!/bin/sh
# Runs from the CI workspace, which its command line cd's into from
# $GITHUB_WORKSPACE, and refuses deploys from any other checkout.
cat >/dev/null
if [ -f .ci-workspace ]; then
	echo "deploys are run by CI from $(pwd), not by the agent" >&2
	exit 2
fi
exit 0
