package hookchain

decision := {"verdict": "deny" if {
