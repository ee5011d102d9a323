#!/usr/bin/env python3
# Cline: what the hook was given, as context.
import json, os, sys

seen = {"pwd": os.getcwd(), "input": json.load(sys.stdin)}
print(json.dumps({"cancel": False, "contextModification": json.dumps(seen)}))
