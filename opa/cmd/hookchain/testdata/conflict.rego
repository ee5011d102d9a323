package hookchain

# Two values for one complete rule: OPA cannot evaluate the policy, and a
# policy that cannot answer must deny.
decision := {"verdict": "allow"} if input.tool == "Bash"

decision := {"verdict": "deny", "reason": "no"} if input.tool == "Bash"
